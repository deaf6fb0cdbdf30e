import { useState } from 'react';
import { Code, FileText } from 'lucide-static';
import type { MailDetailView } from '../../../schemas/mail-view.ts';
import { Icon } from '../../kit/Icon.tsx';
import { Panel } from '../../kit/Panel.tsx';
import './mail-templates.css';

/**
 * A sent mail's body as its reader got it: the HTML part framed (first, when there is one) or the
 * plain-text part, with a switch between them as the template library has. The frame is
 * sandboxed with no allowances (no script, form or navigation, a unique origin), and the HTML
 * carries its own policy from the server (src/server/mail/preview-policy.ts).
 */
export function MailBody({ mail }: { mail: Pick<MailDetailView, 'subject' | 'text' | 'html' | 'withheld'> }) {
  const [part, setPart] = useState<'html' | 'text'>('html');
  if (mail.text === null) {
    return (
      <Panel title="Message">
        <p className="bo-hint">{mail.withheld}</p>
      </Panel>
    );
  }
  const shown = mail.html === null ? 'text' : part;
  return (
    <Panel
      title="Message"
      actions={
        mail.html !== null && (
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
      {shown === 'html' && mail.html !== null ? (
        <div className="mail-templates-frame">
          <iframe title={`${mail.subject}: the HTML mail`} sandbox="" srcDoc={mail.html} />
        </div>
      ) : (
        <pre className="bo-pre">{mail.text}</pre>
      )}
    </Panel>
  );
}
