import { map, type MapStore } from 'nanostores';
import { API_BASE, api } from '../../api/client.ts';
import type { AnswerSection } from '../../schemas/leads/answers.ts';
import type { LeadKind, LeadStatus } from '../../schemas/leads/index.ts';

export type Lead = {
  _id: string;
  kind: LeadKind;
  reference: string;
  status: LeadStatus;
  name: string;
  email: string;
  phone: string;
  registration: string;
  createdAt: string;
  updatedAt: string;
};

export type LeadEvent = { _id: string; fromStatus: string | null; toStatus: string | null; note: string; by: string; createdAt: string };
export type LeadDetail = Lead & { answers: AnswerSection[]; events: LeadEvent[]; files: { _id: string; name: string; bytes: number }[] };

export type LeadFilter = { kind?: string; status?: string; from?: string; to?: string; q?: string };

export type LeadsState = {
  items: Lead[];
  current: LeadDetail | null;
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
  const store: MapStore<LeadsState> = map<LeadsState>({ items: [], current: null, filter: {}, page: 0, page_size: 20, total_pages: 1, total_items: 0, isLoading: false });
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
        store.set({ ...store.get(), items: result.leads, page: result.page, page_size: result.page_size, total_pages: result.total_pages, total_items: result.total_items, isLoading: false });
      } catch (error) {
        store.setKey('isLoading', false);
        throw error;
      }
    },
    async get(id: string): Promise<LeadDetail> {
      const result = await api<{ lead: LeadDetail }>('GET', `/${area}/get/${encodeURIComponent(id)}`);
      store.setKey('current', result.lead);
      return result.lead;
    },
    reset() {
      store.setKey('current', null);
    },
    async update(id: string, change: { status?: string; note?: string }): Promise<string> {
      const result = await api('PUT', `/${area}/update/${encodeURIComponent(id)}`, change);
      await this.get(id);
      return result.message;
    },
    async remove(id: string): Promise<string> {
      return (await api('DELETE', `/${area}/delete/${encodeURIComponent(id)}`)).message;
    },
  };
}

export type LeadsStore = ReturnType<typeof createLeadsStore>;

/** Quote requests of all four kinds (spec 3: currentQuote, quotes) and renewal requests (currentRenewal, renewals). */
export const quotes = createLeadsStore('quotes');
export const renewals = createLeadsStore('renewals');
export const leadsStoreFor = (area: LeadArea) => (area === 'quotes' ? quotes : renewals);
