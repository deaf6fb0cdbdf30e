import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '../../../api/client.ts';
import { leadKinds, leadStatuses } from '../../../schemas/leads/index.ts';
import { telHref } from '../../../lib/phone.ts';
import { Accordion } from '../../../ui/Accordion.tsx';
import { showDeleted, showError } from '../../../ui/dialogs.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { formatFileSize } from '../../../ui/file-field-rules.ts';
import { PipelineBox, type PipelineChange } from '../../components/PipelineBox.tsx';
import { deleteAfterConfirming } from '../../delete-flow.ts';
import { formatDateTime } from '../../format.ts';
import { leadsStoreFor, type LeadArea, type LeadChange } from '../../stores/leads.ts';
import { go } from '../../stores/router.ts';

/**
 * One request: its pipeline (status, owner, note, history) at the top, or beside the answers on a
 * wide screen; the answers grouped as on the form, every section with the same label column; delete.
 */
export function LeadView({ area, id }: { area: LeadArea; id: string }) {
  const leads = leadsStoreFor(area);
  const current = useStore(leads.current);
  const saving = useStore(leads.$saving);
  const back = `/admin/${area}`;

  useEffect(() => {
    leads.reset();
    leads.get(id).catch(async (error: unknown) => {
      await showError(messageOf(error));
      go(back);
    });
  }, [leads, id, back]);

  if (!current || current._id !== id) return <Spinner label="Loading the request" />;

  const save = async (change: PipelineChange) => (await leads.update(id, change as LeadChange)).message;
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
        {current.owner && <> · with {current.owner.name}</>}
      </p>
      <div className="pipeline-detail">
        <PipelineBox statuses={leadStatuses} status={current.status} owner={current.owner} events={current.events} saving={saving} onSave={save} />
        <div className="pipeline-answers">
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
        </div>
      </div>
      <div className="admin-actions">
        <button type="button" className="admin-button secondary" onClick={() => void remove()}>
          Delete this request
        </button>
        <a href={back}>Back to the list</a>
      </div>
    </section>
  );
}
