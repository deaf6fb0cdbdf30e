import { useState } from 'react';
import type { MailDetailView } from '#src/schemas/mail-view.ts';
import { Panel } from '#src/admin/kit/Panel.tsx';
import { FittedFrame } from './FittedFrame.tsx';
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
        <div className="mail-templates-frame">
          <FittedFrame title={`${mail.subject}: the mail as its reader sees it`} src={mailHtmlHref(mail._id)} />
        </div>
      ) : (
        <pre className="bo-pre">{mail.text}</pre>
      )}
    </Panel>
  );
}
