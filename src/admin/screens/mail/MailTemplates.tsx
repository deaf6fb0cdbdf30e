import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { MailWarning, Monitor, Send, Smartphone } from 'lucide-static';
import { mailAudiences } from '#src/schemas/mail-template-view.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { EmptyState } from '#src/admin/kit/EmptyState.tsx';
import { Fields } from '#src/admin/kit/Fields.tsx';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { Panel } from '#src/admin/kit/Panel.tsx';
import { go } from '#src/admin/stores/router.ts';
import { toastOutcome } from '#src/admin/toast-outcome.ts';
import { $mailTemplates, AUDIENCES, loadMailTemplates, previewHref, sendTestMail } from './mail-templates.ts';
import { FittedFrame } from './FittedFrame.tsx';
import { type MailPart, MailPartSwitch } from './MailPartSwitch.tsx';
import './mail-templates.css';

const templateHref = (id: string) => `/admin/mail/templates/${id}`;

/**
 * /admin/mail/templates (Administrators): every mail the site sends, as its reader gets it,
 * filled with a fixed sample. The HTML part is framed sandboxed from its own page, as a sent
 * mail's is (FittedFrame), as tall as the mail at a desk's width or a phone's; the plain-text
 * part is shown as sent.
 */
export function MailTemplates({ id }: { id?: string | undefined }) {
  const { templates, loading, error } = useStore($mailTemplates);
  const [part, setPart] = useState<MailPart>('html');
  const [width, setWidth] = useState<'desktop' | 'phone'>('desktop');
  const [sending, setSending] = useState(false);
  const pickerId = useId();
  const titleId = useId();

  useEffect(() => {
    void loadMailTemplates();
  }, []);

  const header = (
    <PageHeader
      title="Mail templates"
      description="Every mail the site sends, as its reader sees it. Each is filled with the same made-up sample, never a customer’s details; the footer’s regulatory statement, address and numbers are the site’s own."
    />
  );
  if (error)
    return (
      <article>
        {header}
        <Panel>
          <EmptyState
            icon={MailWarning}
            title="The templates could not be loaded"
            text={error}
            action={
              <button type="button" className="bo-button" onClick={() => void loadMailTemplates()}>
                Try again
              </button>
            }
          />
        </Panel>
      </article>
    );
  if (loading || templates.length === 0)
    return (
      <article>
        {header}
        <Spinner label="Loading the mail templates" />
      </article>
    );

  const current = templates.find((template) => template.id === id) ?? templates[0]!;
  const sendTest = async () => {
    setSending(true);
    await toastOutcome(sendTestMail(current.id));
    setSending(false);
  };
  const groups = mailAudiences
    .map((audience) => ({ audience, items: templates.filter((template) => template.audience === audience) }))
    .filter((group) => group.items.length);

  return (
    <article>
      {header}
      <div className="mail-templates">
        <div className="mail-templates-grid">
          <nav className="bo-panel mail-templates-nav" aria-label="Templates">
            {groups.map((group) => (
              <section key={group.audience} className="mail-templates-group">
                <h2>{AUDIENCES[group.audience].group}</h2>
                <ul>
                  {group.items.map((template) => (
                    <li key={template.id}>
                      <a href={templateHref(template.id)} aria-current={template.id === current.id ? 'page' : undefined}>
                        <span className="mail-templates-name">{template.name}</span>
                        <span className="mail-templates-to">{template.to}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>

          <section className="bo-panel mail-templates-preview" aria-labelledby={titleId}>
            <div className="mail-templates-picker">
              <label htmlFor={pickerId}>Template</label>
              <select id={pickerId} className="bo-input" value={current.id} onChange={(event) => go(templateHref(event.target.value))}>
                {groups.map((group) => (
                  <optgroup key={group.audience} label={AUDIENCES[group.audience].group}>
                    {group.items.map((template) => (
                      <option key={template.id} value={template.id}>
                        {template.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </div>
            <div className="bo-panel-header mail-templates-heading">
              <h2 id={titleId}>{current.name}</h2>
              <span className={`bo-badge ${current.audience === 'customer' ? 'bo-badge-info' : 'bo-badge-special'}`}>{AUDIENCES[current.audience].badge}</span>
              {/* To one's own inbox only: how the mail looks in a real mail program, which no frame can show. */}
              <button type="button" className="bo-button mail-templates-test" disabled={sending} aria-busy={sending} onClick={() => void sendTest()}>
                <Icon svg={Send} size={16} />
                Send me a test
              </button>
            </div>
            <div className="bo-panel-body bo-stack">
              <Fields
                rows={[
                  { label: 'Subject', value: current.subject },
                  { label: 'To', value: current.to },
                  { label: 'Sent when', value: current.sentWhen },
                ]}
              />
              <div className="mail-templates-bar">
                <MailPartSwitch part={part} onChange={setPart} />
                {part === 'html' && (
                  <fieldset className="bo-segmented mail-templates-widths">
                    <legend className="visually-hidden">Preview width</legend>
                    <button type="button" className="bo-button bo-button-quiet" aria-pressed={width === 'desktop'} onClick={() => setWidth('desktop')}>
                      <Icon svg={Monitor} size={16} />
                      Desktop
                    </button>
                    <button type="button" className="bo-button bo-button-quiet" aria-pressed={width === 'phone'} onClick={() => setWidth('phone')}>
                      <Icon svg={Smartphone} size={16} />
                      Phone
                    </button>
                  </fieldset>
                )}
              </div>
              {part === 'html' ? (
                <div className="mail-templates-frame" data-width={width}>
                  <FittedFrame key={current.id} title={`${current.name}: the mail as its reader sees it`} src={previewHref(current.id)} />
                </div>
              ) : (
                <pre className="mail-templates-text">{current.text}</pre>
              )}
            </div>
          </section>
        </div>
      </div>
    </article>
  );
}
