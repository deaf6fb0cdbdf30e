import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Send } from 'lucide-static';
import { messageOf } from '#src/api/client.ts';
import { showError } from '#src/ui/dialogs.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { Fields, type FieldRow } from '#src/admin/kit/Fields.tsx';
import { WholeReferences } from '#src/admin/kit/WholeReferences.tsx';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { Panel } from '#src/admin/kit/Panel.tsx';
import { StatusBadge } from '#src/admin/kit/StatusBadge.tsx';
import { formatDateTime } from '#src/admin/format.ts';
import { recordLink } from '#src/admin/record-links.ts';
import { $currentMail, mailList } from '#src/admin/stores/mail.ts';
import { go } from '#src/admin/stores/router.ts';
import { MailBody } from './MailBody.tsx';
import { canResend, MAIL_STATUS_LABELS, REMOVED_SUBJECT, sendAgain } from './mail-actions.ts';

const RESULT_LABELS = { accepted: 'Accepted', refused: 'Refused', deferred: 'Deferred (will be tried again)' } as const;

/** How often the mail was tried: "Not tried yet", "Tried once", "Tried 3 times". */
const triedLabel = (tries: number) => (tries === 0 ? 'Not tried yet' : tries === 1 ? 'Tried once' : `Tried ${tries} times`);

/** /admin/mail/view/:id: one mail, its attempts, what the mail server answered for each address, and its body (HTML or text). */
export function MailView({ id }: { id: string }) {
  const mail = useStore($currentMail);

  useEffect(() => {
    mailList.select(null);
    mailList.get(id).catch(async (error: unknown) => {
      await showError(messageOf(error));
      go('/admin/mail');
    });
  }, [id]);

  if (!mail || mail._id !== id) return <Spinner label="Loading the mail" />;

  const about = recordLink(mail.ref, mail.about);
  const rows: FieldRow[] = [
    ...(about.text ? [{ label: 'About', value: about.href ? <a href={about.href}>{about.text}</a> : about.text }] : []),
    { label: 'To', value: mail.to.join(', ') },
    ...(mail.cc.length > 0 ? [{ label: 'Copy to', value: mail.cc.join(', ') }] : []),
    ...(mail.replyTo ? [{ label: 'Reply to', value: mail.replyTo }] : []),
    { label: 'Queued', value: formatDateTime(mail.createdAt) },
    ...(mail.status === 'queued' ? [{ label: 'Next try', value: formatDateTime(mail.nextAttemptAt) }] : []),
    ...(mail.sentAt ? [{ label: 'Sent', value: formatDateTime(mail.sentAt) }] : []),
    ...(mail.failedAt ? [{ label: 'Failed', value: formatDateTime(mail.failedAt) }] : []),
    ...(mail.lastError ? [{ label: 'Last error', value: mail.lastError }] : []),
  ];

  return (
    <article>
      <PageHeader
        breadcrumb={[{ label: 'Mail', href: '/admin/mail' }]}
        title={<WholeReferences text={mail.bodyRemoved ? REMOVED_SUBJECT : mail.subject} />}
        meta={
          <>
            <StatusBadge status={mail.status} label={MAIL_STATUS_LABELS[mail.status]} />
            <span>{triedLabel(mail.attempts)}</span>
          </>
        }
        actions={
          canResend(mail) && (
            // A failed mail needs sending again (the primary action); a sent one rarely does: an ordinary button.
            <button type="button" className={mail.status === 'failed' ? 'bo-button bo-button-primary' : 'bo-button'} onClick={() => void sendAgain(mail._id)}>
              <Icon svg={Send} size={16} />
              Send again
            </button>
          )
        }
      />
      {/* On a phone the delivery comes first: whether it went is what staff open a mail to see. */}
      <div className="bo-detail bo-detail-aside-first">
        <div className="bo-stack">
          <MailBody mail={mail} />
        </div>
        <aside className="bo-detail-aside" aria-label="Delivery">
          <Panel title="Delivery">
            <Fields rows={rows} />
            <details className="bo-details">
              <summary>Technical details</summary>
              <Fields rows={[{ label: 'Message-ID', value: mail.messageId }]} />
            </details>
          </Panel>
          <Panel title="What the mail server answered" flush>
            {mail.recipients.length === 0 ? (
              <p className="bo-hint bo-panel-body">No answer yet: the mail has not been tried since it was queued.</p>
            ) : (
              <ul className="bo-rows">
                {mail.recipients.map((recipient) => (
                  <li key={recipient.address}>
                    <span className="bo-rows-main">
                      <span className="bo-break">{recipient.address}</span>
                      <span className="bo-muted">{recipient.response ?? recipient.code ?? ''}</span>
                    </span>
                    <span>
                      {RESULT_LABELS[recipient.result]} · {formatDateTime(recipient.at)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </aside>
      </div>
    </article>
  );
}
