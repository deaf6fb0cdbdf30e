import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '../../api/client.ts';
import { NOTE_MAX } from '../../schemas/pipeline.ts';
import { showError, showSuccess } from '../../ui/dialogs.ts';
import { formatDateTime } from '../format.ts';
import { $owners, loadOwners } from '../stores/owners.ts';
import '../pipeline.css';

/** A change the box sends: only what the person changed, and the note when they wrote one. */
export type PipelineChange = { status?: string; ownerId?: string | null; note?: string };

type HistoryEntry = { _id: string; fromStatus: string | null; toStatus: string | null; note: string; by: string; createdAt: string };

type Props<S extends string> = {
  statuses: readonly S[];
  status: S;
  owner: { _id: string; name: string } | null;
  events: readonly HistoryEntry[];
  saving: boolean;
  onSave(change: PipelineChange): Promise<string>;
};

const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);
const NOBODY = '';

/**
 * The pipeline of one callback, quote or renewal: its status, its owner and a note, saved
 * together, and the history of status changes and notes (who, when), newest first.
 */
export function PipelineBox<S extends string>({ statuses, status: savedStatus, owner: savedOwner, events, saving, onSave }: Props<S>) {
  const id = useId();
  const owners = useStore($owners);
  const [status, setStatus] = useState<string>(savedStatus);
  const [owner, setOwner] = useState(savedOwner?._id ?? NOBODY);
  const [note, setNote] = useState('');
  // A saved change (here or by a colleague, on reload) is the new starting point.
  useEffect(() => setStatus(savedStatus), [savedStatus]);
  useEffect(() => setOwner(savedOwner?._id ?? NOBODY), [savedOwner?._id]);
  useEffect(() => {
    loadOwners().catch((error: unknown) => void showError(messageOf(error)));
  }, []);

  const change: PipelineChange = {
    ...(status !== savedStatus ? { status } : {}),
    ...(owner !== (savedOwner?._id ?? NOBODY) ? { ownerId: owner || null } : {}),
    ...(note.trim() ? { note } : {}),
  };
  const changed = Object.keys(change).length > 0;

  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    try {
      const message = await onSave(change);
      setNote('');
      await showSuccess(message, 'Success!');
    } catch (error) {
      await showError(messageOf(error));
    }
  };

  // The owner may be someone the list no longer has (their account was just removed): still shown.
  const choices = savedOwner && !owners.some((person) => person._id === savedOwner._id) ? [savedOwner, ...owners] : owners;
  return (
    <section className="pipeline-box" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Pipeline</h2>
      <form className="admin-form" onSubmit={save}>
        <div className="ui-field">
          <label className="ui-label" htmlFor={`${id}-status`}>
            Status
          </label>
          <select id={`${id}-status`} className="ui-input ui-select" value={status} onChange={(event) => setStatus(event.target.value)}>
            {statuses.map((option) => (
              <option key={option} value={option}>
                {capital(option)}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-field">
          <label className="ui-label" htmlFor={`${id}-owner`}>
            Owner
          </label>
          <select id={`${id}-owner`} className="ui-input ui-select" value={owner} onChange={(event) => setOwner(event.target.value)}>
            <option value={NOBODY}>Nobody</option>
            {choices.map((person) => (
              <option key={person._id} value={person._id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-field">
          <label className="ui-label" htmlFor={`${id}-note`}>
            Note
          </label>
          <textarea
            id={`${id}-note`}
            className="ui-input ui-textarea"
            rows={3}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <div className="admin-actions">
          <button type="submit" className="admin-button" disabled={saving || !changed}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
      <h3>History</h3>
      {events.length === 0 ? (
        <p className="admin-hint">No changes or notes yet.</p>
      ) : (
        <ol className="admin-history">
          {events.map((event) => (
            <li key={event._id}>
              <strong>{formatDateTime(event.createdAt)}</strong>, {event.by}:{' '}
              {event.toStatus && (event.fromStatus ? `${event.fromStatus} → ${event.toStatus}` : event.toStatus)}
              {event.toStatus && event.note ? '. ' : ''}
              {event.note}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
