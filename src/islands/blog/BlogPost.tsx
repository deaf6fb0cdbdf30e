import { useEffect, useState } from 'react';
import { ApiError, messageOf } from '#src/api/client.ts';
import type { PostView } from '#src/schemas/post.ts';
import { postPath, postTitle } from '#src/lib/blog.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { fetchPost } from './blog-api.ts';
import { PostArticle, type PostSiteFacts } from './PostArticle.tsx';
import './blog.css';
import { withAppErrorBoundary } from '#src/ui/AppErrorBoundary.tsx';
import { isPreviewMessage, PREVIEW_QUERY, type PreviewMessage } from '#src/schemas/post-preview.ts';

type Props = { site: PostSiteFacts };

type State = { kind: 'post'; post: PostView } | { kind: 'loading' } | { kind: 'gone' } | { kind: 'error'; message: string };

/** The id or slug in a /blog/{postId} address, if this is one. */
function keyFromPath(path: string): string | null {
  const match = /^\/blog\/([^/]+)$/.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * The blog shell (/blog-reader), served for a /blog/{postId} published or edited since the
 * last build: loads the post named by the address and moves the address to the canonical
 * slug. Pre-rendered posts are plain HTML (PostArticle, no island).
 */
/** Framed by the post editor (same origin) to show a draft: the editor sends the post. */
const framedPreview = () => new URLSearchParams(window.location.search).has(PREVIEW_QUERY) && window.parent !== window;

/**
 * Shows the drafts the editor sends, and tells it the page's height as it changes so the
 * frame can fit it. Only messages from the framing page of this same origin are heard.
 */
function usePreview(setState: (state: State) => void): boolean {
  const preview = typeof window !== 'undefined' && framedPreview();
  useEffect(() => {
    if (!preview) return;
    const tell = (message: PreviewMessage) => window.parent.postMessage(message, window.location.origin);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent || !isPreviewMessage(event.data)) return;
      if (event.data.type === 'post-preview') setState({ kind: 'post', post: event.data.post });
    };
    window.addEventListener('message', onMessage);
    const sizes = new ResizeObserver(() => tell({ type: 'post-preview-height', height: document.documentElement.scrollHeight }));
    sizes.observe(document.body);
    tell({ type: 'post-preview-ready' });
    return () => {
      window.removeEventListener('message', onMessage);
      sizes.disconnect();
    };
  }, [preview, setState]);
  return preview;
}

function BlogPost({ site }: Props) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const preview = usePreview(setState);

  useEffect(() => {
    if (preview) return;
    const key = keyFromPath(window.location.pathname);
    if (!key) {
      setState({ kind: 'gone' });
      return;
    }
    let live = true;
    fetchPost(key)
      .then(({ post }) => {
        if (!live) return;
        setState({ kind: 'post', post });
        document.title = postTitle(post, site.brand);
        if (window.location.pathname !== postPath(post.slug)) window.history.replaceState(null, '', postPath(post.slug));
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 404) setState({ kind: 'gone' });
        else setState({ kind: 'error', message: messageOf(error) });
      });
    return () => {
      live = false;
    };
  }, [site.brand, preview]);

  if (state.kind === 'post') return <PostArticle post={state.post} site={site} />;
  return (
    <div className="post post-placeholder">
      {state.kind === 'loading' && (
        <p className="post-loading">
          <Spinner label="Loading the article" /> <span aria-hidden="true">Loading the article…</span>
        </p>
      )}
      {state.kind === 'gone' && (
        <>
          <h1>This article is not available</h1>
          <p>It may have been withdrawn or its address may have changed.</p>
        </>
      )}
      {state.kind === 'error' && (
        <>
          <h1>The article could not be loaded</h1>
          <p role="alert">{state.message}</p>
        </>
      )}
      <p>
        <a href="/blog">See all articles</a>
      </p>
    </div>
  );
}

/** The island inside the error boundary: a render error shows a reload screen, not a blank space. */
export default withAppErrorBoundary(BlogPost);
