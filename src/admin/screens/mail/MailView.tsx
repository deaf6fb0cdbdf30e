import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '../../../api/client.ts';
import { showError } from '../../../ui/dialogs.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { formatDateTime } from '../../format.ts';
import { $currentMail, loadMail } from '../../stores/mail.ts';
import { go } from '../../stores/router.ts';
import { canResend, MAIL_STATUS_LABELS, REMOVED_SUBJECT, sendAgain } from './mail-actions.ts';

const RESULT_LABELS = { accepted: 'Accepted', refused: 'Refused', deferred: 'Deferred (will be tried again)' } as const;

/** /admin/mail/view/:id: one mail, its attempts, what the mail server answered for each address, and its text. */
export function MailView({ id }: { id: string }) {
  const mail = useStore($currentMail);

  useEffect(() => {
    $currentMail.set(null);
    loadMail(id).catch(async (error: unknown) => {
      await showError(messageOf(error));
      go('/admin/mail');
    });
  }, [id]);

  if (!mail || mail._id !== id) return <Spinner label="Loading the mail" />;

  return (
    <section>
      <p>
        <a href="/admin/mail">Back to Mail</a>
      </p>
      <h1 className="admin-cell-wrap">{mail.bodyRemoved ? REMOVED_SUBJECT : mail.subject}</h1>
      <p>
        <span className={`admin-badge admin-badge-mail-${mail.status}`}>{MAIL_STATUS_LABELS[mail.status]}</span> · {mail.attempts}{' '}
        {mail.attempts === 1 ? 'attempt' : 'attempts'}
      </p>
      {canResend(mail) && (
        <p>
          <button type="button" className="admin-button" onClick={() => void sendAgain(mail._id)}>
            Send again
          </button>
        </p>
      )}
      <dl className="admin-details admin-cell-wrap">
        <dt>To</dt>
        <dd>{mail.to.join(', ')}</dd>
        {mail.cc.length > 0 && (
          <>
            <dt>Copy to</dt>
            <dd>{mail.cc.join(', ')}</dd>
          </>
        )}
        {mail.replyTo && (
          <>
            <dt>Reply to</dt>
            <dd>{mail.replyTo}</dd>
          </>
        )}
        <dt>Queued</dt>
        <dd>{formatDateTime(mail.createdAt)}</dd>
        {mail.status === 'queued' && (
          <>
            <dt>Next attempt</dt>
            <dd>{formatDateTime(mail.nextAttemptAt)}</dd>
          </>
        )}
        {mail.sentAt && (
          <>
            <dt>Sent</dt>
            <dd>{formatDateTime(mail.sentAt)}</dd>
          </>
        )}
        {mail.failedAt && (
          <>
            <dt>Failed</dt>
            <dd>{formatDateTime(mail.failedAt)}</dd>
          </>
        )}
        {mail.lastError && (
          <>
            <dt>Last error</dt>
            <dd>{mail.lastError}</dd>
          </>
        )}
        {mail.ref && (
          <>
            <dt>About</dt>
            <dd>{mail.ref}</dd>
          </>
        )}
        <dt>Message-ID</dt>
        <dd>{mail.messageId}</dd>
      </dl>
      <h2>What the mail server answered</h2>
      {mail.recipients.length === 0 ? (
        <p className="admin-hint">No answer yet: the mail has not been tried since it was queued.</p>
      ) : (
        <ListTable
          columns={['Address', 'Result', 'Answer', 'When']}
          isLoading={false}
          emptyText=""
          loadingLabel="Loading the answers"
          rows={mail.recipients.map((recipient) => (
            <tr key={recipient.address}>
              <td className="admin-cell-wrap">{recipient.address}</td>
              <td>{RESULT_LABELS[recipient.result]}</td>
              <td className="admin-cell-wrap">{recipient.response ?? recipient.code ?? ''}</td>
              <td>{formatDateTime(recipient.at)}</td>
            </tr>
          ))}
        />
      )}
      <h2>Text</h2>
      {mail.text === null ? <p className="admin-hint">{mail.withheld}</p> : <pre className="admin-mail-text">{mail.text}</pre>}
    </section>
  );
}
