/**
 * The Quotes and Renewals screens' stores. Where the rows live: a list of all four quote kinds
 * (and every renewal list) is this store's `items`; a list filtered to one quote kind is that
 * kind's `quotes` in src/api/lead-states.ts (the names the specification gives each kind's
 * state, shared with the public quote forms), and `items` stays empty. Read the rows through the store's
 * `rows` (listOf below), which picks the right one, never `items` directly.
 */
import { computed, map, type ReadableAtom } from 'nanostores';
import type { InferInput } from 'valibot';
import { apiHref } from '#src/api/api-href.ts';
import { apiClient, pathParams, unwrap, unwrapFile } from '#src/api/typed-client.ts';
import {
  $currentQuote,
  $currentRenewal,
  $renewal,
  isLeadDetail,
  quoteStates,
  resetCurrentLead,
  setCurrentLead,
  setLeadList,
  type Lead,
  type LeadDetail,
} from '#src/api/lead-states.ts';
import type { LeadOutcomeInput, NextStepInput } from '#src/schemas/follow-up.ts';
import type { QuoteKind } from '#src/schemas/leads/index.ts';
import type { ViewCounts } from '#src/schemas/pipeline.ts';
import type { LeadBulkSchema, LeadListQuerySchema, LeadSum, LeadUpdateSchema } from '#src/schemas/leads/lead-api.ts';
import { createListDetailStore, emptyList, keySlot, type Outcome, type Paging } from './list-detail.ts';

export type { Lead, LeadDetail, LeadEvent } from '#src/api/lead-states.ts';

export type LeadFilter = { kind?: string; status?: string; owner?: string; from?: string; to?: string; q?: string; due?: string; sort?: string };
/** The list state an address carries (the sort included). */
export const leadFilterKeys = ['kind', 'status', 'owner', 'from', 'to', 'q', 'due', 'sort'] as const satisfies readonly (keyof LeadFilter)[];

export type LeadsState = Paging &
  Outcome & {
    /** The page of every quote kind at once; one kind's list, and renewals, live in api/lead-states.ts. */
    items: Lead[];
    filter: LeadFilter;
    isLoading: boolean;
    /** How many requests each view holds, with every page (null before the first). */
    viewCounts: ViewCounts | null;
  };

/** Where a list lives in the API: all four quote kinds, or renewals. */
export type LeadArea = 'quotes' | 'renewals';

/** A pipeline change: a new status, a note, an owner, or any of them (the route's own schema). */
export type LeadChange = InferInput<typeof LeadUpdateSchema>;
export type LeadBulkAction = InferInput<typeof LeadBulkSchema>;

/**
 * The filter's fields that are set, as query values. They may come from an address, typed by
 * anyone: the server checks them (a 400 with its message), so they are passed on as they are.
 */
const queryOf = (filter: LeadFilter) => Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as InferInput<typeof LeadListQuerySchema>;
/** The export's query: the filters without the list's order. */
const exportQueryOf = (filter: LeadFilter) => {
  const { sort: _sort, page: _page, page_size: _size, ...query } = queryOf(filter);
  return query;
};

/**
 * The order a list takes when none is chosen: quotes newest first (the server's default), renewals
 * by the renewal date, soonest first, as a broker works through them.
 */
export const DEFAULT_SORT: Record<LeadArea, string> = { quotes: '', renewals: 'renewal-soonest' };

/** The typed client of an area's routes: every quote kind at /quotes, or /renewals. */
const clientFor = (area: LeadArea) => (area === 'quotes' ? apiClient.quotes : apiClient.renewals);

/**
 * One page of requests as the list API answers it, filtered (the list's default order unless the
 * filter names one). The list's store reads its pages here, and so does the board
 * (stores/lead-board.ts), a column a status, with its premiums added up (`sum`).
 */
export async function fetchLeadPage(
  area: LeadArea,
  { page, page_size, filter, cursor, sum }: { page: number; page_size: number; filter: LeadFilter; cursor?: string | undefined; sum?: LeadSum | undefined },
) {
  const result = await unwrap(
    clientFor(area).$get({
      query: {
        ...queryOf({ sort: DEFAULT_SORT[area], ...filter }),
        page: String(page),
        page_size: String(page_size),
        ...(cursor ? { cursor } : {}),
        ...(sum ? { sum } : {}),
      },
    }),
  );
  return { ...result, items: result.leads };
}

function createLeadsStore(area: LeadArea) {
  const store = map<LeadsState>({
    items: [],
    filter: {},
    viewCounts: null,
    ...emptyList(20),
  });
  /** The kind the list is narrowed to: renewals are one kind; quotes, when the filter picks one. */
  const narrowedKind = () => (area === 'renewals' ? 'renewal' : (store.get().filter.kind as QuoteKind | undefined));
  const currentAny = area === 'quotes' ? $currentQuote : $currentRenewal;
  /** The request on screen, whole: the current quote (of its kind) or the current renewal. */
  const current: ReadableAtom<LeadDetail | null> = computed(currentAny, (lead) => (isLeadDetail(lead) ? lead : null));
  /** The same actions at /quotes (every quote kind) and /renewals. */
  const client = clientFor(area);
  /** The rows on screen: one kind's list when narrowed to it, else the page of every kind. */
  const rows = listOf(area, store);

  const leads = createListDetailStore<LeadsState, Lead, LeadDetail, LeadChange, LeadFilter>({
    store,
    // The list action: renewals, or one quote kind, go to that kind's state.
    items: {
      get: () => store.get().items,
      set(rows) {
        const kind = narrowedKind();
        if (kind) setLeadList(kind, rows);
        store.setKey('items', kind ? [] : rows);
      },
    },
    // Set-current and reset of the kind's state.
    current: { get: () => current.get(), set: (lead) => (lead ? setCurrentLead(lead) : resetCurrentLead(area)) },
    loading: keySlot(store, 'isLoading'),
    filter: keySlot(store, 'filter'),
    $items: rows,
    calls: {
      async list(query) {
        const result = await fetchLeadPage(area, query);
        return { ...result, extra: { viewCounts: result.view_counts } };
      },
      get: async (id) => (await unwrap(client.get[':id'].$get({ param: pathParams({ id }) }))).lead,
      // The answer carries the summary only: the factory fetches the whole request again.
      update: async (id, change) => ({ message: (await unwrap(client.update[':id'].$put({ param: pathParams({ id }), json: change }))).message, item: null }),
      remove: async (id) => (await unwrap(client.delete[':id'].$delete({ param: pathParams({ id }) }))).message,
    },
  });

  return {
    ...leads,
    current,
    /** Reset: no current request of this area. */
    reset: () => leads.select(null),
    /** A document the visitor attached (staff only, as a download). */
    fileHref: (fileId: string) => apiHref(client.files[':id'].$path({ param: pathParams({ id: fileId }) })),
    /** The CSV export of the list as filtered now (a plain download: the session cookie goes with it). */
    exportHref: () => apiHref(client.export.$path({ query: exportQueryOf(store.get().filter) })),
    /** The second export: every answer, one column per question, of the list as filtered now. */
    exportAnswersHref: () => apiHref(client.export.answers.$path({ query: exportQueryOf(store.get().filter) })),
    /** The chosen requests as a CSV file, every answer included. */
    exportChosen: (ids: string[]) => unwrapFile(client.bulk.export.$post({ json: { ids } }), `${area}-selected.csv`),
    /** Sets, changes or clears a request's next step, then reads it again. Answers the server's message. */
    async setNextStep(id: string, input: NextStepInput): Promise<string> {
      const { message } = await unwrap(client['next-step'][':id'].$put({ param: pathParams({ id }), json: input }));
      await leads.get(id);
      return message;
    },
    /** Records how a request ended (premium and insurer, or why it was lost), then reads it again. */
    async setOutcome(id: string, input: LeadOutcomeInput): Promise<string> {
      const { message } = await unwrap(client.outcome[':id'].$put({ param: pathParams({ id }), json: input }));
      await leads.get(id);
      return message;
    },
    /**
     * One change to every chosen request, all or none; the list reloads, unless `reload` is false
     * (the board, which keeps its own columns). Answers the server's message.
     */
    async bulk(action: LeadBulkAction, { reload = true }: { reload?: boolean } = {}): Promise<string> {
      const { message } = await unwrap(client.bulk.$post({ json: action }));
      if (reload) await leads.load();
      return message;
    },
    rows,
  };
}

function listOf(area: LeadArea, store: ReadableAtom<LeadsState>): ReadableAtom<Lead[]> {
  if (area === 'renewals') return computed($renewal, (state) => state.renewals);
  const kinds = Object.keys(quoteStates) as QuoteKind[];
  return computed([store, ...kinds.map((kind) => quoteStates[kind])], (state, ...states) => {
    const kind = state.filter.kind as QuoteKind | undefined;
    return kind ? (states[kinds.indexOf(kind)]?.quotes ?? []) : state.items;
  });
}

export type LeadsStore = ReturnType<typeof createLeadsStore>;

/** Quote requests of all four kinds (names fixed by the specification: docs/fixed-by-the-spec.md, 'Names in the browser stores') and renewal requests (currentRenewal, renewals). */
export const quotes = createLeadsStore('quotes');
export const renewals = createLeadsStore('renewals');
export const leadsStoreFor = (area: LeadArea) => (area === 'quotes' ? quotes : renewals);
