import { useState } from 'react';
import { Code, FileText } from 'lucide-static';
import type { MailDetailView } from '../../../schemas/mail-view.ts';
import { Icon } from '../../kit/Icon.tsx';
import { Panel } from '../../kit/Panel.tsx';
import { mailHtmlHref } from './mail-actions.ts';
import './mail-templates.css';

/**
 * A sent mail's body as its reader got it: the HTML part framed (first, when there is one) or the
 * plain-text part, with a switch between them as the template library has. The frame is
 * sandboxed with no allowances (no script, form or navigation, a unique origin), and the HTML
 * comes as a page of its own with its own policy (src/server/mail/preview-policy.ts): a srcdoc
 * frame would take the back-office's policy, which refuses the mail's inline styles.
 */
export function MailBody({ mail }: { mail: Pick<MailDetailView, '_id' | 'subject' | 'text' | 'hasHtml' | 'withheld'> }) {
  const [part, setPart] = useState<'html' | 'text'>('html');
  if (mail.text === null) {
    return (
      <Panel title="Message">
        <p className="bo-hint">{mail.withheld}</p>
      </Panel>
    );
  }
  const shown = mail.hasHtml ? part : 'text';
  return (
    <Panel
      title="Message"
      actions={
        mail.hasHtml && (
          <fieldset className="bo-segmented">
            <legend className="visually-hidden">Part of the mail</legend>
            <button type="button" className="bo-button bo-button-quiet" aria-pressed={shown === 'html'} onClick={() => setPart('html')}>
              <Icon svg={Code} size={16} />
              HTML
            </button>
            <button type="button" className="bo-button bo-button-quiet" aria-pressed={shown === 'text'} onClick={() => setPart('text')}>
              <Icon svg={FileText} size={16} />
              Plain text
            </button>
          </fieldset>
        )
      }
    >
      {shown === 'html' ? (
        <div className="mail-templates-frame">
          <iframe title={`${mail.subject}: the HTML mail`} sandbox="" src={mailHtmlHref(mail._id)} />
        </div>
      ) : (
        <pre className="bo-pre">{mail.text}</pre>
      )}
    </Panel>
  );
}
