import { type DragEvent, useId } from 'react';
import type { LeadStatus } from '#src/schemas/leads/index.ts';
import { countLabel } from '#src/ui/pagination.ts';
import { formatEuro } from '#src/admin/format.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { StatusBadge } from '#src/admin/kit/StatusBadge.tsx';
import type { BoardColumn as Column } from '#src/admin/stores/lead-board.ts';
import type { Lead, LeadArea } from '#src/admin/stores/leads.ts';
import { BoardCard } from './BoardCard.tsx';
import { RetryAlert } from '#src/admin/kit/RetryAlert.tsx';

type Props = {
  area: LeadArea;
  status: LeadStatus;
  column: Column;
  label: (status: string) => string;
  noun: { one: string; many: string };
  /** What lands in the column, said while it is empty. */
  empty: string;
  onMove(lead: Lead, to: LeadStatus, by: 'menu' | 'drag'): void;
  onMore(): void;
  onRetry(): void;
  /** The card being dragged, if any; `drop` is this column's part in the drag. */
  dragging: Lead | null;
  drop: 'over' | 'ready' | undefined;
  onDragStart(lead: Lead): void;
  onDragEnd(): void;
  onDragOver(): void;
  onDragLeave(): void;
  /** Cards may be dragged (not on a phone, which moves them with the menu). */
  draggable: boolean;
};

/**
 * One stage of the board: a section named by the stage, its count (the list API's total) and its
 * premiums added up over the whole stage ("12 · €18,400"),
 * its cards as a list, newest first (soonest renewal), "Show more" at its foot while there are
 * more. A drop target while a card from another column is dragged.
 */
export function BoardColumn(props: Props) {
  const { area, status, column, label, noun, empty, dragging, drop } = props;
  const id = useId();
  const takes = dragging !== null && dragging.status !== status;
  const dragOver = (event: DragEvent<HTMLElement>) => {
    if (!takes) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (drop !== 'over') props.onDragOver();
  };
  const dragLeave = (event: DragEvent<HTMLElement>) => {
    // Moving onto a card inside the column is not leaving it.
    if (takes && !(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) props.onDragLeave();
  };
  const dropped = (event: DragEvent<HTMLElement>) => {
    if (!takes) return;
    event.preventDefault();
    props.onMove(dragging, status, 'drag');
  };
  const first = column.loading && column.items.length === 0;

  return (
    <section className="board-column" aria-labelledby={`${id}-name`} data-drop={drop} onDragOver={dragOver} onDragLeave={dragLeave} onDrop={dropped}>
      <h2 id={`${id}-name`} className="board-column-name">
        <StatusBadge status={status} label={label(status)} />{' '}
        {!first && !column.error && (
          <span className="board-figures">
            <span className="board-count">
              {countLabel(column.total, column.estimate)}
              <span className="visually-hidden"> {column.total === 1 ? noun.one : noun.many}</span>
            </span>
            {/* The sum of its premiums once there is one: new and contacted requests have none yet. */}
            {column.premiumCents > 0 && (
              <>
                {' · '}
                <span className="board-sum">
                  {formatEuro(column.premiumCents / 100)}
                  <span className="visually-hidden"> in premiums</span>
                </span>
              </>
            )}
          </span>
        )}
      </h2>
      {first ? (
        <Spinner label={`Loading ${label(status).toLowerCase()} ${noun.many}`} />
      ) : column.error ? (
        <RetryAlert message={column.error} onRetry={props.onRetry} />
      ) : column.items.length === 0 ? (
        <p className="board-empty">{empty}</p>
      ) : (
        <ul className="board-cards" aria-busy={column.loading || undefined}>
          {column.items.map((lead) => (
            <BoardCard
              key={lead._id}
              area={area}
              lead={lead}
              label={label}
              onMove={(to) => props.onMove(lead, to, 'menu')}
              draggable={props.draggable}
              dragging={dragging?._id === lead._id}
              onDragStart={() => props.onDragStart(lead)}
              onDragEnd={props.onDragEnd}
            />
          ))}
        </ul>
      )}
      {column.next && !column.error && column.items.length > 0 && (
        <button type="button" className="bo-button bo-button-quiet board-more" disabled={column.loading} onClick={props.onMore}>
          {column.loading ? 'Loading…' : 'Show more'}
          <span className="visually-hidden">
            {' '}
            {label(status).toLowerCase()} {noun.many}
          </span>
        </button>
      )}
    </section>
  );
}
