import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '#src/api/client.ts';
import { leadStatuses, type LeadStatus } from '#src/schemas/leads/index.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import type { StagePrompt } from '#src/admin/components/StageBar.tsx';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { readListAddress, writeListAddress } from '#src/admin/list/address.ts';
import { FilterBar } from '#src/admin/list/FilterBar.tsx';
import { ListViews } from '#src/admin/list/ListViews.tsx';
import { useOwners, usePipelineViews } from '#src/admin/list/pipeline-parts.ts';
import { useSideScroll } from '#src/admin/list/side-scroll.ts';
import { usePhone } from '#src/admin/list/use-phone.ts';
import { boardFilterKeys, boardFilterOf, boardFor, type BoardFilter } from '#src/admin/stores/lead-board.ts';
import type { Lead, LeadArea } from '#src/admin/stores/leads.ts';
import { BoardColumn } from './BoardColumn.tsx';
import { BoardMoveDialog } from './BoardMoveDialog.tsx';
import { BoardStageTabs, stageTabId } from './BoardStageTabs.tsx';
import { LeadLayoutSwitch } from './LeadLayoutSwitch.tsx';
import { statusLabelFor } from '#src/admin/kit/StatusBadge.tsx';
import { LEAD_TEXT, leadFilters } from './LeadsList.tsx';
import { leadStagePrompt } from './stage-prompts.tsx';
import './board.css';
import { RetryAlert } from '#src/admin/kit/RetryAlert.tsx';

/** What lands in each column, said while it is empty. */
const LANDS: Record<LeadArea, Record<LeadStatus, string>> = {
  quotes: {
    new: 'Quote requests from the site land here until someone gets in touch.',
    contacted: 'Requests someone has been in touch about land here.',
    quoted: 'Requests given a price land here.',
    won: 'Quotes that became policies land here.',
    lost: 'Quotes that did not go ahead land here.',
  },
  renewals: {
    new: 'Renewal requests from the site land here until someone gets in touch.',
    contacted: 'Renewals someone has been in touch about land here.',
    quoted: 'Renewals given a price land here.',
    won: 'Policies renewed land here.',
    lost: 'Renewals that lapsed land here.',
  },
};

const DESCRIPTION: Record<LeadArea, string> = {
  quotes: 'Quote requests by stage, newest first.',
  renewals: 'Renewals by stage, the soonest renewal first.',
};

/** The list's views that mean something on a board: New is a column, and Unassigned the owner filter's. */
const BOARD_VIEWS = ['All', 'Mine', 'Overdue'];

/** A move waiting on what its stage asks for (a premium, why it was lost). */
type Asking = { lead: Lead; to: LeadStatus; prompt: StagePrompt };

/**
 * /admin/quotes/board and /admin/renewals/board: the requests as columns of their stages (New,
 * Contacted, Quoted, Won, Lost), each loaded from the list API (stores/lead-board.ts), with the
 * list's search, kind, owner and next step in the address, and its All, Mine and Overdue views. A card moves by its menu or by dragging: shown at
 * once, saved with the list's quick-action call, said in a toast, put back on a refusal; a stage
 * that needs more asks first with the record page's own form. On a phone one column at a time,
 * chosen with the stage tabs above it (BoardStageTabs.tsx).
 */
export function LeadBoard({ area }: { area: LeadArea }) {
  const board = boardFor(area);
  const { filter, columns, viewCounts } = useStore(board.$board);
  const views = usePipelineViews(viewCounts).filter((view) => BOARD_VIEWS.includes(view.label));
  const owners = useOwners();
  const phone = usePhone();
  const id = useId();
  const text = LEAD_TEXT[area];
  const label = statusLabelFor(area);
  const keys: readonly string[] = boardFilterKeys[area];
  const filters = leadFilters(area, owners).filter((spec) => keys.includes(spec.key));
  const [shown, setShown] = useState<LeadStatus>('new');
  const [asking, setAsking] = useState<Asking | null>(null);
  const [dragging, setDragging] = useState<Lead | null>(null);
  const [over, setOver] = useState<LeadStatus | null>(null);
  /** The card whose Move button takes the focus once drawn (after a move by the menu, or a cancelled prompt). */
  const [focusCard, setFocusCard] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const tabs = useRef<HTMLDivElement>(null);
  // The board scrolls sideways inside its own box when its columns need more room (1,024 px), never the page.
  const scroll = useSideScroll();
  const scrollBox = scroll.box;
  const setRoot = useCallback(
    (node: HTMLDivElement | null) => {
      root.current = node;
      scrollBox(node);
    },
    [scrollBox],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once on arrival, from the address (a bookmark, the list's switch)
  useEffect(() => {
    void board.load(readListAddress(window.location.search, boardFilterKeys[area]).filter);
  }, [board]);

  // A card moved by the keyboard keeps the focus in its new column; on a phone, where that column is not shown, the chosen stage's tab takes it.
  useEffect(() => {
    if (!focusCard) return;
    const button = root.current?.querySelector<HTMLElement>(`[data-card="${focusCard}"] [aria-haspopup="menu"]`);
    (button ?? tabs.current?.querySelector<HTMLElement>('[aria-selected="true"]'))?.focus();
    setFocusCard(null);
  }, [focusCard]);

  const filterBy = (next: Partial<Record<string, string | undefined>>) => {
    const kept: BoardFilter = boardFilterOf(area, next);
    writeListAddress(kept, 0);
    void board.load(kept);
  };

  const moveNow = async (lead: Lead, to: LeadStatus, byMenu: boolean) => {
    if (byMenu) setFocusCard(lead._id);
    try {
      toast(await board.move(lead, to), 'Success!');
    } catch (error) {
      await showError(messageOf(error));
      if (byMenu) setFocusCard(lead._id);
    }
  };

  const requestMove = (lead: Lead, to: LeadStatus, by: 'menu' | 'drag') => {
    setDragging(null);
    setOver(null);
    if (to === lead.status) return;
    const prompt = leadStagePrompt(lead, {
      // A refused move closes the dialog first: the error dialog must not open behind a modal one.
      saveStatus: (status) =>
        board.move(lead, status).catch((error: unknown) => {
          closePrompt(lead);
          throw error;
        }),
      saveOutcome: (input) => board.saveOutcome(lead._id, input),
      label,
    })(to);
    if (prompt) setAsking({ lead, to, prompt });
    else void moveNow(lead, to, by === 'menu');
  };

  const closePrompt = (lead: Lead) => {
    setAsking(null);
    setFocusCard(lead._id);
  };

  const failures = leadStatuses.map((status) => columns[status].error);
  const allFailed = failures.every((error) => error !== '') && new Set(failures).size === 1;
  const stages = phone ? [shown] : leadStatuses;

  // A phone's cards are not dragged (touch has no HTML drag and drop): its header names the menu alone.
  const howToMove = phone ? 'Move one with its menu.' : 'Move one with its menu, or drag it to another column.';
  return (
    <section className="bo-list">
      <PageHeader
        title={text.title}
        description={`${DESCRIPTION[area]} ${howToMove}`}
        actions={<LeadLayoutSwitch area={area} current="board" filter={filter} />}
      />
      <ListViews views={views} filter={filter} filterKeys={[...keys]} searchKeys={['q']} onChoose={filterBy} />
      <FilterBar filters={filters} value={filter} onChange={filterBy} label={`Filter ${text.many}`} />
      {phone && <BoardStageTabs ref={tabs} id={id} shown={shown} columns={columns} label={label} onChoose={setShown} />}
      {allFailed ? (
        <RetryAlert message={failures[0] ?? ''} onRetry={() => void board.load(filter)} />
      ) : (
        <div
          ref={setRoot}
          className="board"
          data-scrolls={scroll.scrolls || undefined}
          data-more={(scroll.scrolls && !scroll.atEnd) || undefined}
          data-phone={phone || undefined}
          {...(phone ? { id: `${id}-panel`, role: 'tabpanel', 'aria-labelledby': stageTabId(id, shown) } : {})}
        >
          <div className="board-columns">
            {stages.map((status) => (
              <BoardColumn
                key={status}
                area={area}
                status={status}
                column={columns[status]}
                label={label}
                noun={{ one: text.one, many: text.many }}
                empty={Object.keys(filter).length > 0 ? `No ${text.many} at this stage match these filters.` : LANDS[area][status]}
                onMove={requestMove}
                onMore={() => void board.more(status)}
                onRetry={() => void board.retry(status)}
                dragging={dragging}
                drop={dragging && dragging.status !== status ? (over === status ? 'over' : 'ready') : undefined}
                onDragStart={setDragging}
                onDragEnd={() => {
                  setDragging(null);
                  setOver(null);
                }}
                onDragOver={() => setOver(status)}
                onDragLeave={() => setOver((now) => (now === status ? null : now))}
                draggable={!phone}
              />
            ))}
          </div>
        </div>
      )}
      {asking && (
        <BoardMoveDialog
          lead={asking.lead}
          to={label(asking.to)}
          prompt={asking.prompt}
          onDone={() => closePrompt(asking.lead)}
          onCancel={() => closePrompt(asking.lead)}
        />
      )}
    </section>
  );
}
