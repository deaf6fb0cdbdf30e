import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '../../../api/client.ts';
import { leadKinds, leadStatuses, type LeadStatus } from '../../../schemas/leads/index.ts';
import { LEAD_NOTE_MAX } from '../../../schemas/leads/lead-api.ts';
import { telHref } from '../../../lib/phone.ts';
import { Accordion } from '../../../ui/Accordion.tsx';
import { showDeleted, showError, showSuccess } from '../../../ui/dialogs.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { formatFileSize } from '../../../ui/file-field-rules.ts';
import { deleteAfterConfirming } from '../../delete-flow.ts';
import { formatDateTime } from '../../format.ts';
import { leadsStoreFor, type LeadArea } from '../../stores/leads.ts';
import { go } from '../../stores/router.ts';

/** One request: the answers grouped as on the form, the pipeline (status and notes) with its history, delete. */
export function LeadView({ area, id }: { area: LeadArea; id: string }) {
  const leads = leadsStoreFor(area);
  const current = useStore(leads.current);
  const saving = useStore(leads.$saving);
  const [status, setStatus] = useState<LeadStatus | undefined>(undefined);
  const [note, setNote] = useState('');
  const back = `/admin/${area}`;

  useEffect(() => {
    leads.reset();
    leads
      .get(id)
      .then((lead) => setStatus(lead.status))
      .catch(async (error: unknown) => {
        await showError(messageOf(error));
        go(back);
      });
  }, [leads, id, back]);

  if (!current || current._id !== id) return <Spinner label="Loading the request" />;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { message } = await leads.update(id, { status, note });
      setNote('');
      await showSuccess(message, 'Success!');
    } catch (error) {
      await showError(messageOf(error));
    }
  };
  const remove = () =>
    deleteAfterConfirming(async () => {
      await showDeleted(await leads.remove(id));
      go(back);
    });

  return (
    <section>
      <h1>
        {leadKinds[current.kind].label} request {current.reference}
      </h1>
      <p>
        From {current.name}, received {formatDateTime(current.createdAt)} ·{' '}
        <span className={`admin-badge admin-badge-${current.status}`}>{current.status}</span>
      </p>
      <Accordion title="Contact" defaultOpen>
        <dl className="admin-details">
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${current.email}?subject=${encodeURIComponent(current.reference)}`}>{current.email}</a>
          </dd>
          <dt>Phone</dt>
          <dd>
            <a href={telHref(current.phone)}>{current.phone}</a>
          </dd>
        </dl>
      </Accordion>
      {current.answers.map((section) => (
        <Accordion key={section.title} title={section.title} defaultOpen>
          <dl className="admin-details">
            {section.rows.map((row) => (
              <div key={row.label} className="admin-detail-row">
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </Accordion>
      ))}
      {current.files.length > 0 && (
        <Accordion title="Uploaded files" defaultOpen>
          <ul>
            {current.files.map((file) => (
              <li key={file._id}>
                <a href={leads.fileHref(file._id)} download={file.name}>
                  {file.name}
                </a>{' '}
                ({formatFileSize(file.bytes)})
              </li>
            ))}
          </ul>
        </Accordion>
      )}
      <form className="admin-form" onSubmit={save} aria-labelledby="pipeline-heading">
        <h2 id="pipeline-heading">Pipeline</h2>
        <div className="ui-field">
          <label className="ui-label" htmlFor="lead-status">
            Status
          </label>
          <select
            id="lead-status"
            className="ui-input ui-select"
            value={status ?? ''}
            onChange={(event) => setStatus(leadStatuses.find((option) => option === event.target.value))}
          >
            {leadStatuses.map((option) => (
              <option key={option} value={option}>
                {option[0]!.toUpperCase() + option.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-field">
          <label className="ui-label" htmlFor="lead-note">
            Note
          </label>
          <textarea
            id="lead-note"
            className="ui-input ui-textarea"
            rows={3}
            maxLength={LEAD_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <div className="admin-actions">
          <button type="submit" className="admin-button" disabled={saving || (status === current.status && !note.trim())}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
      <h2>History</h2>
      <ol className="admin-history">
        {current.events.map((event) => (
          <li key={event._id}>
            <strong>{formatDateTime(event.createdAt)}</strong>, {event.by}:{' '}
            {event.toStatus && (event.fromStatus ? `${event.fromStatus} → ${event.toStatus}` : event.toStatus)}
            {event.toStatus && event.note ? '. ' : ''}
            {event.note}
          </li>
        ))}
      </ol>
      <div className="admin-actions">
        <button type="button" className="admin-button secondary" onClick={() => void remove()}>
          Delete this request
        </button>
        <a href={back}>Back to the list</a>
      </div>
    </section>
  );
}
