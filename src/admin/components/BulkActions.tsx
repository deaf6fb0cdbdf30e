import { useId, useState } from 'react';
import type { OwnerView } from '../../schemas/pipeline.ts';
import '../pipeline.css';

type Props = {
  /** How many rows are chosen; the actions wait for at least one. */
  count: number;
  /** What the rows are called ("callback", "request"). */
  noun: string;
  statuses: readonly string[];
  owners: readonly OwnerView[];
  busy: boolean;
  onStatus(status: string): void;
  /** null: nobody. */
  onOwner(ownerId: string | null): void;
  onExport(): void;
  onDelete(): void;
};

const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);
/** The owner picker's value for nobody. */
const NOBODY = 'nobody';

/** A list's actions on the chosen rows: status, owner, CSV of them, delete (native controls, so every one is keyboard usable). */
export function BulkActions({ count, noun, statuses, owners, busy, onStatus, onOwner, onExport, onDelete }: Props) {
  const id = useId();
  const [status, setStatus] = useState(statuses[0] ?? '');
  const [owner, setOwner] = useState(NOBODY);
  const none = count === 0 || busy;
  return (
    <fieldset className="admin-bulk">
      <legend>
        With the {count} {count === 1 ? noun : `${noun}s`} selected
      </legend>
      <div className="admin-bulk-pair">
        <label htmlFor={`${id}-status`}>Move to</label>
        <select id={`${id}-status`} className="admin-bulk-select" value={status} onChange={(event) => setStatus(event.target.value)}>
          {statuses.map((option) => (
            <option key={option} value={option}>
              {capital(option)}
            </option>
          ))}
        </select>
        <button type="button" className="admin-button secondary" disabled={none} onClick={() => onStatus(status)}>
          Move
        </button>
      </div>
      <div className="admin-bulk-pair">
        <label htmlFor={`${id}-owner`}>Assign to</label>
        <select id={`${id}-owner`} className="admin-bulk-select" value={owner} onChange={(event) => setOwner(event.target.value)}>
          <option value={NOBODY}>Nobody</option>
          {owners.map((person) => (
            <option key={person._id} value={person._id}>
              {person.name}
            </option>
          ))}
        </select>
        <button type="button" className="admin-button secondary" disabled={none} onClick={() => onOwner(owner === NOBODY ? null : owner)}>
          Assign
        </button>
      </div>
      <div className="admin-bulk-pair">
        <button type="button" className="admin-button secondary" disabled={none} onClick={onExport}>
          Export selected
        </button>
        <button type="button" className="admin-button secondary" disabled={none} onClick={onDelete}>
          Delete selected
        </button>
      </div>
    </fieldset>
  );
}
