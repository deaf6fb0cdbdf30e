import { forwardRef, type KeyboardEvent } from 'react';
import { leadStatuses, type LeadStatus } from '#src/schemas/leads/index.ts';
import { countLabel } from '#src/ui/pagination.ts';
import type { BoardColumn } from '#src/admin/stores/lead-board.ts';

type Props = {
  /** Prefix of the tabs' ids, and the panel's (`${id}-panel`) they control. */
  id: string;
  shown: LeadStatus;
  columns: Record<LeadStatus, BoardColumn>;
  label: (status: string) => string;
  onChoose(status: LeadStatus): void;
};

/** The id of a stage's tab, which names the panel while it is chosen. */
export const stageTabId = (id: string, status: LeadStatus) => `${id}-tab-${status}`;

/**
 * A phone's stages as tabs over the one column it shows, as mobile CRMs have them: a row that
 * scrolls sideways within itself, each tab with its count once loaded. ARIA tabs: one tab in the
 * tab order (the chosen one); Left and Right arrows choose the one beside it (wrapping), Home and
 * End the first and last, the focus and the row's scroll following.
 */
export const BoardStageTabs = forwardRef<HTMLDivElement, Props>(function BoardStageTabs({ id, shown, columns, label, onChoose }, ref) {
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = leadStatuses.indexOf(shown);
    const last = leadStatuses.length - 1;
    const to = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = leadStatuses[to]!;
    onChoose(next);
    const tab = event.currentTarget.querySelector<HTMLElement>(`#${CSS.escape(stageTabId(id, next))}`);
    tab?.focus();
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };
  // data-scrolls: the tabs scroll sideways on purpose, as a phone is narrower than six stages.
  return (
    <div ref={ref} role="tablist" aria-label="Stages" className="board-stage-tabs" data-scrolls onKeyDown={keyDown}>
      {leadStatuses.map((status) => {
        const column = columns[status];
        const counted = !(column.loading && column.items.length === 0) && !column.error;
        const chosen = status === shown;
        return (
          <button
            key={status}
            type="button"
            role="tab"
            id={stageTabId(id, status)}
            className="board-stage-tab"
            aria-selected={chosen}
            aria-controls={chosen ? `${id}-panel` : undefined}
            tabIndex={chosen ? 0 : -1}
            onClick={() => onChoose(status)}
          >
            {label(status)}
            {counted && <span className="board-stage-count">{countLabel(column.total, column.estimate)}</span>}
          </button>
        );
      })}
    </div>
  );
});
