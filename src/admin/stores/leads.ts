import { computed, map, type MapStore, type ReadableAtom } from 'nanostores';
import { API_BASE, api } from '../../api/client.ts';
import {
  $currentQuote,
  $currentRenewal,
  $renewal,
  quoteStates,
  resetCurrentLead,
  setCurrentLead,
  setLeadList,
  type Lead,
  type LeadDetail,
} from '../../api/lead-states.ts';
import type { QuoteKind } from '../../schemas/leads/index.ts';

export type { Lead, LeadDetail, LeadEvent } from '../../api/lead-states.ts';

export type LeadFilter = { kind?: string; status?: string; from?: string; to?: string; q?: string };

export type LeadsState = {
  /** The page of every quote kind at once; one kind's list, and renewals, live in api/lead-states.ts. */
  items: Lead[];
  filter: LeadFilter;
  page: number;
  page_size: number;
  total_pages: number;
  total_items: number;
  isLoading: boolean;
};

/** Where a list lives in the API: all four quote kinds, or renewals. */
export type LeadArea = 'quotes' | 'renewals';

const queryOf = (filter: LeadFilter, extra: Record<string, string> = {}) =>
  new URLSearchParams({ ...Object.fromEntries(Object.entries(filter).filter(([, value]) => value)), ...extra }).toString();

function createLeadsStore(area: LeadArea) {
  const store: MapStore<LeadsState> = map<LeadsState>({ items: [], filter: {}, page: 0, page_size: 20, total_pages: 1, total_items: 0, isLoading: false });
  return {
    store,
    /** A document the visitor attached (staff only, as a download). */
    fileHref: (fileId: string) => `${API_BASE}/${area}/files/${fileId}`,
    /** The CSV export of the list as filtered now (a plain download: the session cookie goes with it). */
    exportHref: () => `${API_BASE}/${area}/export?${queryOf(store.get().filter)}`,
    setFilter(filter: LeadFilter) {
      store.setKey('filter', filter);
    },
    async load(page = store.get().page): Promise<void> {
      store.setKey('isLoading', true);
      try {
        const result = await api<{ leads: Lead[]; page: number; page_size: number; total_pages: number; total_items: number }>(
          'GET',
          `/${area}/?${queryOf(store.get().filter, { page: String(page), page_size: String(store.get().page_size) })}`,
        );
        if (result.leads.length === 0 && result.page > 0) return this.load(result.page - 1);
        // The list action (spec section 4): renewals, or one quote kind, go to that kind's state.
        const kind = area === 'renewals' ? 'renewal' : (store.get().filter.kind as QuoteKind | undefined);
        if (kind) setLeadList(kind, result.leads);
        store.set({
          ...store.get(),
          items: kind ? [] : result.leads,
          page: result.page,
          page_size: result.page_size,
          total_pages: result.total_pages,
          total_items: result.total_items,
          isLoading: false,
        });
      } catch (error) {
        store.setKey('isLoading', false);
        throw error;
      }
    },
    async get(id: string): Promise<LeadDetail> {
      const result = await api<{ lead: LeadDetail }>('GET', `/${area}/get/${encodeURIComponent(id)}`);
      setCurrentLead(result.lead);
      return result.lead;
    },
    reset() {
      resetCurrentLead(area);
    },
    async update(id: string, change: { status?: string; note?: string }): Promise<string> {
      const result = await api('PUT', `/${area}/update/${encodeURIComponent(id)}`, change);
      await this.get(id);
      return result.message;
    },
    async remove(id: string): Promise<string> {
      return (await api('DELETE', `/${area}/delete/${encodeURIComponent(id)}`)).message;
    },
    /** The request on screen: the current quote (of its kind) or the current renewal. */
    current: area === 'quotes' ? $currentQuote : $currentRenewal,
    /** The rows on screen: one kind's list when narrowed to it, else the page of every kind. */
    rows: listOf(area, store),
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

/** Quote requests of all four kinds (spec 3: currentQuote, quotes) and renewal requests (currentRenewal, renewals). */
export const quotes = createLeadsStore('quotes');
export const renewals = createLeadsStore('renewals');
export const leadsStoreFor = (area: LeadArea) => (area === 'quotes' ? quotes : renewals);
