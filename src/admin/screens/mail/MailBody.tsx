import { useCallback, useEffect, useRef, useState } from 'react';
import type { MailDetailView } from '../../../schemas/mail-view.ts';
import { Panel } from '../../kit/Panel.tsx';
import { mailHtmlHref } from './mail-actions.ts';
import { type MailPart, MailPartSwitch } from './MailPartSwitch.tsx';
import './mail-templates.css';

/**
 * A sent mail's body as its reader got it: the HTML part framed (first, when there is one) or the
 * plain-text part, with a switch between them as the template library has. The frame is
 * sandboxed (no script, form, pop-up or navigation), and the HTML comes as a page of its own
 * with its own policy (src/server/mail/preview-policy.ts): a srcdoc frame would take the
 * back-office's policy, which refuses the mail's inline styles. The one allowance,
 * `allow-same-origin`, lets this screen read how tall the mail is, so the frame is as tall as
 * the mail and the page scrolls rather than a box inside it; no script can run in the frame.
 */
export function MailBody({ mail }: { mail: Pick<MailDetailView, '_id' | 'subject' | 'text' | 'hasHtml' | 'withheld'> }) {
  const [part, setPart] = useState<MailPart>('html');
  if (mail.text === null) {
    return (
      <Panel title="Message">
        <p className="bo-hint">{mail.withheld}</p>
      </Panel>
    );
  }
  const shown = mail.hasHtml ? part : 'text';
  return (
    <Panel title="Message" actions={mail.hasHtml && <MailPartSwitch part={shown} onChange={setPart} />}>
      {shown === 'html' ? (
        <div className="mail-templates-frame mail-frame-fits">
          <FittedFrame title={`${mail.subject}: the HTML mail`} src={mailHtmlHref(mail._id)} />
        </div>
      ) : (
        <pre className="bo-pre">{mail.text}</pre>
      )}
    </Panel>
  );
}

/** The least a frame is before its mail is measured (and if it cannot be): room for a mail's first lines. */
const FRAME_MIN_PX = 240;

/**
 * A sandboxed frame as tall as its document: measured once it has loaded (its pictures too) and
 * again whenever the frame's width changes, as a narrower mail wraps to more lines.
 */
function FittedFrame({ title, src }: { title: string; src: string }) {
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
