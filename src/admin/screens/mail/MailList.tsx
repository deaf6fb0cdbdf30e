import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { mailStatuses } from '../../../schemas/mail.ts';
import { Pagination } from '../../../ui/Pagination.tsx';
import { countLabel } from '../../../ui/pagination.ts';
import { ListTable } from '../../components/ListTable.tsx';
import { formatDateTime } from '../../format.ts';
import { $mailList, loadMailList, mailListAddress, mailListFromAddress, setMailFilter, type MailFilterValues } from '../../stores/mail.ts';
import { canResend, MAIL_STATUS_LABELS, REMOVED_SUBJECT, sendAgain } from './mail-actions.ts';

/** Keeps the list's filters and page in the address, so it can be bookmarked, shared and reloaded. */
const keepInAddress = (filter: MailFilterValues, page: number) => window.history.replaceState(window.history.state, '', mailListAddress(filter, page));

/** /admin/mail: the outbox (queued, sent and failed mail) with its attempts and errors; filters and page live in the address. */
export function MailList() {
  const state = useStore($mailList);
  const [draft, setDraft] = useState<MailFilterValues>(() => mailListFromAddress(window.location.search).filter);

  useEffect(() => {
    const { filter, page } = mailListFromAddress(window.location.search);
    setMailFilter(filter);
    void loadMailList(page);
  }, []);

  const apply = (event: SubmitEvent) => {
    event.preventDefault();
    setMailFilter(draft);
    keepInAddress(draft, 0);
    void loadMailList(0);
  };
  const turnPage = (page: number) => {
    keepInAddress($mailList.get().filter, page);
    void loadMailList(page);
  };
  const field = (name: keyof MailFilterValues) => ({
    id: `mail-filter-${name}`,
    value: draft[name] ?? '',
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });

  return (
    <section>
      <h1>Mail</h1>
      <p className="admin-hint admin-intro">
        Every mail the site sends waits here until the mail server takes it. A failed mail was refused for good or ran out of attempts; send it again once the
        cause is put right.
      </p>
      <form className="admin-filters" onSubmit={apply} aria-label="Filter the mail">
        <div className="admin-filter">
          <label htmlFor="mail-filter-status">Status</label>
          <select {...field('status')}>
            <option value="">Any status</option>
            {mailStatuses.map((status) => (
              <option key={status} value={status}>
                {MAIL_STATUS_LABELS[status]} ({countLabel(state.counts[status], state.counts_estimated.includes(status))})
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filter admin-filter-wide">
          <label htmlFor="mail-filter-q">Recipient or subject</label>
          <input type="search" maxLength={200} {...field('q')} />
        </div>
        <div className="admin-filter-actions">
          <button type="submit" className="admin-button">
            Apply
          </button>
        </div>
      </form>
      {!state.ok && (
        <p className="admin-error" role="alert">
          {state.message}
        </p>
      )}
      <p className="admin-hint" role="status">
        {state.isLoading ? '' : `${countLabel(state.total_items, state.total_is_estimate)} ${state.total_items === 1 ? 'mail' : 'mails'}`}
      </p>
      <ListTable
        columns={['Subject', 'To', 'Status', 'Attempts', 'Last error', 'Queued', 'Sent or failed', 'Actions']}
        isLoading={state.isLoading}
        emptyText="No mail matches."
        loadingLabel="Loading the mail"
        rows={state.mails.map((mail) => (
          <tr key={mail._id}>
            <td className="admin-cell-wrap">
              <a href={`/admin/mail/view/${mail._id}`}>{mail.bodyRemoved ? <em>{REMOVED_SUBJECT}</em> : mail.subject}</a>
            </td>
            <td className="admin-cell-wrap">{mail.to.join(', ')}</td>
            <td>
              <span className={`admin-badge admin-badge-mail-${mail.status}`}>{MAIL_STATUS_LABELS[mail.status]}</span>
            </td>
            <td>{mail.attempts}</td>
            <td className="admin-cell-wrap">{mail.lastError ?? ''}</td>
            <td>{formatDateTime(mail.createdAt)}</td>
            <td>{mail.sentAt ? formatDateTime(mail.sentAt) : mail.failedAt ? formatDateTime(mail.failedAt) : ''}</td>
            <td>
              {canResend(mail) && (
                <button type="button" className="admin-button secondary admin-button-small" onClick={() => void sendAgain(mail._id)}>
                  Send again<span className="visually-hidden">: {mail.subject}</span>
                </button>
              )}
            </td>
          </tr>
        ))}
      />
      <Pagination
        page={state.page}
        page_size={state.page_size}
        total_pages={state.total_pages}
        total_is_estimate={state.total_is_estimate}
        onPageChange={turnPage}
      />
    </section>
  );
}
