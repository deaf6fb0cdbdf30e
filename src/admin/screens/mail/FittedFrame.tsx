import { useCallback, useEffect, useRef, useState } from 'react';

/** The least a frame is before its mail is measured (and if it cannot be): room for a mail's first lines. */
const FRAME_MIN_PX = 240;

/**
 * A mail's HTML in a sandboxed frame as tall as its document (a sent mail, a template's preview):
 * measured once it has loaded (its pictures too) and again whenever the frame's width changes, as
 * a narrower mail wraps to more lines; the page scrolls, not a box inside it. The HTML comes as a
 * page of its own with its own policy (src/server/mail/preview-policy.ts): a srcdoc frame would
 * take the back-office's policy, which refuses a mail's inline styles. Sandboxed: no script,
 * form, pop-up or navigation; the one allowance, `allow-same-origin`, lets the screen read the
 * height (and keeps the frame drawn with the page), and no script can run in it to use that.
 */
export function FittedFrame({ title, src }: { title: string; src: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  const measure = useCallback(() => {
    const root = frame.current?.contentDocument?.documentElement;
    if (!root) return;
    // The document's own height, not its scroll height: that is never less than the frame's, so a wider frame would keep a taller one's gap.
    setHeight(Math.max(FRAME_MIN_PX, Math.ceil(root.getBoundingClientRect().height)));
  }, []);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      measure();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);
  return (
    <iframe ref={frame} title={title} sandbox="allow-same-origin" src={src} onLoad={measure} style={height === null ? undefined : { height: `${height}px` }} />
  );
}
