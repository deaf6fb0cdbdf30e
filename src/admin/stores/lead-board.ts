/**
 * The Quotes and Renewals boards: a column of requests per stage, each a page of the list API
 * filtered by its status (fetchLeadPage, the list's own call and order), with "Show more" reading
 * the next page by its cursor. Each column's first page brings its count and its premiums added
 * up over the whole stage (`sum=premium`), and the views' counts (All, Mine, Overdue). A move is shown at once and saved with the list's one-row bulk
 * change (the call its quick actions make); a refusal puts the card back where it was.
 */
import { map } from 'nanostores';
import type { LeadOutcomeInput } from '#src/schemas/follow-up.ts';
import { leadStatuses, type LeadStatus } from '#src/schemas/leads/index.ts';
import type { ViewCounts } from '#src/schemas/pipeline.ts';
import { messageOf } from '#src/api/client.ts';
import { fetchLeadPage, leadsStoreFor, type Lead, type LeadArea, type LeadFilter } from './leads.ts';

/** About a screen of cards per column; "Show more" adds as many again. */
export const BOARD_PAGE_SIZE = 20;

/**
 * The list's filters that still mean something on a board (its address keys,
 * `?q=&owner=&kind=&due=`; the Mine and Overdue views are `owner` and `due`): the status is the
 * columns, and the order is the list's default.
 */
export const boardFilterKeys = {
  quotes: ['q', 'kind', 'owner', 'due'],
  renewals: ['q', 'owner', 'due'],
} as const satisfies Record<LeadArea, readonly (keyof LeadFilter)[]>;
export type BoardFilter = Pick<LeadFilter, 'q' | 'kind' | 'owner' | 'due'>;

export type BoardColumn = {
  items: Lead[];
  /** The list API's total_items for the stage (and whether it is the server's estimate). */
  total: number;
  estimate: boolean;
  /** The premiums of every request in the stage under the filters, in cents (the list API's premium_total). */
  premiumCents: number;
  /** The next page's cursor and number, for "Show more". */
  next: string | null;
  page: number;
  loading: boolean;
  /** Why the column could not be loaded ('' when it was). */
  error: string;
};

export type BoardState = {
  filter: BoardFilter;
  columns: Record<LeadStatus, BoardColumn>;
  /** How many requests each view holds, as the latest page told (null before the first). */
  viewCounts: ViewCounts | null;
};

const emptyColumn = (): BoardColumn => ({ items: [], total: 0, estimate: false, premiumCents: 0, next: null, page: 0, loading: true, error: '' });
const emptyColumns = () => Object.fromEntries(leadStatuses.map((status) => [status, emptyColumn()])) as Record<LeadStatus, BoardColumn>;

/** An amount as the API sends it ("1250.50"), in cents; none is 0. */
export const centsOf = (amount: string | null | undefined): number => (amount ? Math.round(Number(amount) * 100) : 0);

/** Only the board's keys, and only those set. */
export function boardFilterOf(area: LeadArea, filter: Partial<Record<string, string | undefined>>): BoardFilter {
  return Object.fromEntries(boardFilterKeys[area].flatMap((key) => (filter[key] ? [[key, filter[key]]] : []))) as BoardFilter;
}

/**
 * Whether `lead` comes before `other` in the column's order, the list's default: quotes newest
 * first; renewals by renewal date, soonest first, then the oldest request (the server's keys).
 */
function comesBefore(area: LeadArea, lead: Lead, other: Lead): boolean {
  if (area === 'quotes') return lead.createdAt > other.createdAt;
  const [date, otherDate] = [lead.renewalDate ?? '', other.renewalDate ?? ''];
  return date !== otherDate ? date < otherDate : lead.createdAt < other.createdAt;
}

/** The outcome's fields as a row carries them, once saved. */
const outcomeFields = (input: LeadOutcomeInput): Partial<Lead> =>
  input.outcome === 'quoted' ? { premium: input.premium, insurer: input.insurer } : { lostReason: input.lostReason, lostDetail: input.lostDetail };

function createBoard(area: LeadArea) {
  const $board = map<BoardState>({ filter: {}, columns: emptyColumns(), viewCounts: null });
  const leads = leadsStoreFor(area);
  /** Which load the columns belong to: a page asked for under an older filter is dropped. */
  let generation = 0;

  const setColumn = (status: LeadStatus, change: (column: BoardColumn) => BoardColumn) => {
    const { columns } = $board.get();
    $board.setKey('columns', { ...columns, [status]: change(columns[status]) });
  };

  async function readPage(status: LeadStatus, more: boolean): Promise<void> {
    const asked = generation;
    const { filter, columns } = $board.get();
    const column = columns[status];
    setColumn(status, (now) => ({ ...now, loading: true, error: '' }));
    try {
      const page = await fetchLeadPage(area, {
        filter: { ...filter, status },
        // With a cursor the page number only names the page (every order of the list has cursors).
        page: more ? column.page + 1 : 0,
        page_size: BOARD_PAGE_SIZE,
        cursor: more ? (column.next ?? undefined) : undefined,
        // The stage's premiums come with its first page; a later page leaves them as they are.
        sum: more ? undefined : 'premium',
      });
      if (asked !== generation) return;
      $board.setKey('viewCounts', page.view_counts);
      setColumn(status, (now) => {
        // A card moved here meanwhile may come again with the next page: it is shown once.
        const known = new Set(now.items.map((lead) => lead._id));
        const items = more ? [...now.items, ...page.items.filter((lead) => !known.has(lead._id))] : page.items;
        return {
          items,
          total: page.total_items,
          estimate: Boolean(page.total_is_estimate),
          premiumCents: page.premium_total === undefined ? now.premiumCents : centsOf(page.premium_total),
          next: page.next_cursor ?? null,
          page: page.page,
          loading: false,
          error: '',
        };
      });
    } catch (error) {
      if (asked === generation) setColumn(status, (now) => ({ ...now, loading: false, error: messageOf(error) }));
    }
  }

  /** Moves the card between columns on screen, the counts and premiums with it; answers where it was, to put it back. */
  function place(lead: Lead, to: LeadStatus): { index: number } {
    const { columns } = $board.get();
    const from = lead.status;
    const index = columns[from].items.findIndex((item) => item._id === lead._id);
    const moved = { ...lead, status: to };
    const cents = centsOf(lead.premium);
    const target = columns[to].items.filter((item) => item._id !== lead._id);
    const at = target.findIndex((item) => comesBefore(area, moved, item));
    target.splice(at === -1 ? target.length : at, 0, moved);
    $board.setKey('columns', {
      ...columns,
      [from]: {
        ...columns[from],
        items: columns[from].items.filter((item) => item._id !== lead._id),
        total: Math.max(0, columns[from].total - 1),
        premiumCents: columns[from].premiumCents - cents,
      },
      [to]: { ...columns[to], items: target, total: columns[to].total + 1, premiumCents: columns[to].premiumCents + cents },
    });
    return { index };
  }

  function putBack(lead: Lead, to: LeadStatus, index: number) {
    const { columns } = $board.get();
    const from = lead.status;
    const items = columns[from].items.filter((item) => item._id !== lead._id);
    items.splice(index === -1 ? items.length : Math.min(index, items.length), 0, lead);
    const cents = centsOf(lead.premium);
    $board.setKey('columns', {
      ...columns,
      [to]: {
        ...columns[to],
        items: columns[to].items.filter((item) => item._id !== lead._id),
        total: Math.max(0, columns[to].total - 1),
        premiumCents: columns[to].premiumCents - cents,
      },
      [from]: { ...columns[from], items, total: columns[from].total + 1, premiumCents: columns[from].premiumCents + cents },
    });
  }

  return {
    $board,
    /** Every column from its first page, under `filter` (the address's). */
    async load(filter: BoardFilter): Promise<void> {
      generation += 1;
      $board.set({ filter: boardFilterOf(area, filter), columns: emptyColumns(), viewCounts: $board.get().viewCounts });
      await Promise.all(leadStatuses.map((status) => readPage(status, false)));
    },
    /** The column's next page, after the cards it shows. */
    more: (status: LeadStatus) => readPage(status, true),
    /** Reads the column's first page again (after it failed). */
    retry: (status: LeadStatus) => readPage(status, false),
    /**
     * Moves a request to another stage: shown at once, then saved (the list's one-row status
     * change, without reloading the list). Answers the server's message; on a refusal the card
     * goes back where it was and the error is thrown on.
     */
    async move(lead: Lead, to: LeadStatus): Promise<string> {
      if (lead.status === to) return '';
      const { index } = place(lead, to);
      try {
        return await leads.bulk({ action: 'status', ids: [lead._id], status: to }, { reload: false });
      } catch (error) {
        putBack(lead, to, index);
        throw error;
      }
    },
    /** Records how a request ended (the record page's call), then shows it on its card and in its column's premiums. */
    async saveOutcome(id: string, input: LeadOutcomeInput): Promise<string> {
      const message = await leads.setOutcome(id, input);
      const { columns } = $board.get();
      const withOutcome = (column: BoardColumn): BoardColumn => {
        const before = column.items.find((item) => item._id === id);
        if (!before) return column;
        const after = { ...before, ...outcomeFields(input) };
        return {
          ...column,
          items: column.items.map((item) => (item._id === id ? after : item)),
          premiumCents: column.premiumCents - centsOf(before.premium) + centsOf(after.premium),
        };
      };
      $board.setKey('columns', Object.fromEntries(leadStatuses.map((status) => [status, withOutcome(columns[status])])) as Record<LeadStatus, BoardColumn>);
      return message;
    },
  };
}

export type LeadBoardStore = ReturnType<typeof createBoard>;

const boards: Record<LeadArea, LeadBoardStore> = { quotes: createBoard('quotes'), renewals: createBoard('renewals') };
export const boardFor = (area: LeadArea): LeadBoardStore => boards[area];
