import { useId, useState } from 'react';
import { Icon } from '../kit/Icon.tsx';
import { X } from 'lucide-static';
import type { BulkActions } from './descriptor.ts';

type Props = {
  actions: BulkActions;
  count: number;
  noun: { one: string; many: string };
  busy: boolean;
  onStatus(status: string): void;
  onOwner(ownerId: string | null): void;
  onExport(): void;
  onDelete(): void;
  onClear(): void;
};

/** The owner picker's value for nobody. */
const NOBODY = 'nobody';

/**
 * What can be done to the chosen rows, shown only while some are chosen (in place of nothing,
 * so it never pushes the list down by surprise): status, owner, export, delete; native
 * controls, so every one is keyboard usable.
 */
export function BulkBar({ actions, count, noun, busy, onStatus, onOwner, onExport, onDelete, onClear }: Props) {
  const id = useId();
  const [status, setStatus] = useState(actions.statuses?.[0]?.value ?? '');
  const [owner, setOwner] = useState(NOBODY);
  return (
    <section className="bo-bulk" aria-label="Bulk actions">
      <p className="bo-bulk-count" role="status">
        {count} {count === 1 ? noun.one : noun.many} selected
      </p>
      {actions.onStatus && actions.statuses && (
        <div className="bo-bulk-group">
          <label htmlFor={`${id}-status`} className="visually-hidden">
            New status
          </label>
          <select id={`${id}-status`} className="bo-input" value={status} onChange={(event) => setStatus(event.target.value)}>
            {actions.statuses.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <button type="button" className="bo-button" disabled={busy} onClick={() => onStatus(status)}>
            Set status
          </button>
        </div>
      )}
      {actions.onOwner && actions.owners && (
        <div className="bo-bulk-group">
          <label htmlFor={`${id}-owner`} className="visually-hidden">
            New owner
          </label>
          <select id={`${id}-owner`} className="bo-input" value={owner} onChange={(event) => setOwner(event.target.value)}>
            <option value={NOBODY}>Nobody</option>
            {actions.owners.map((person) => (
              <option key={person._id} value={person._id}>
                {person.name}
              </option>
            ))}
          </select>
          <button type="button" className="bo-button" disabled={busy} onClick={() => onOwner(owner === NOBODY ? null : owner)}>
            Assign
          </button>
        </div>
      )}
      {(actions.onExport || actions.onDelete) && (
        <div className="bo-bulk-group">
          {actions.onExport && (
            <button type="button" className="bo-button" disabled={busy} onClick={onExport}>
              Export CSV
            </button>
          )}
          {actions.onDelete && (
            <button type="button" className="bo-button bo-button-danger" disabled={busy} onClick={onDelete}>
              Delete
            </button>
          )}
        </div>
      )}
      {/* Last at a desk; on a phone beside the count (bulk-bar.css), so the actions keep one line. */}
      <button type="button" className="bo-button bo-button-icon bo-bulk-clear" onClick={onClear}>
        <Icon svg={X} />
        <span className="visually-hidden">Clear the selection</span>
      </button>
    </section>
  );
}
