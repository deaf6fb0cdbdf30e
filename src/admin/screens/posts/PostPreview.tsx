import { useEffect, useRef, useState } from 'react';
import { isPreviewMessage, previewPageHref, type PreviewMessage } from '#src/schemas/post-preview.ts';
import type { PostView } from '#src/schemas/post.ts';

/** The tallest the frame grows to follow its page (a runaway page cannot stretch the editor without end). */
const MAX_HEIGHT = 20_000;

/**
 * The draft as readers will see it: the blog's own reader page, in the site's styles, framed
 * here (same origin), with the draft sent to it as a message. The frame takes the page's height.
 */
export function PostPreview({ post }: { post: PostView }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [height, setHeight] = useState(900);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow || !isPreviewMessage(event.data)) return;
      if (event.data.type === 'post-preview-ready') setReady(true);
      if (event.data.type === 'post-preview-height') setHeight(Math.min(MAX_HEIGHT, Math.max(400, Math.ceil(event.data.height))));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (!ready) return;
    const message: PreviewMessage = { type: 'post-preview', post };
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
  }, [ready, post]);

  return <iframe ref={frame} className="bo-preview-frame" src={previewPageHref} title="Preview of the post as readers will see it" style={{ height }} />;
}
