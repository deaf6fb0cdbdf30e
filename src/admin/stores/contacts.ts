import { map } from 'nanostores';
import type { InferInput } from 'valibot';
import { apiHref } from '#src/api/api-href.ts';
import { apiClient, pathParams, unwrap, unwrapFile } from '#src/api/typed-client.ts';
import type { ContactBulkSchema, ContactListQuerySchema, ContactUpdateSchema } from '#src/schemas/contact-pipeline.ts';
import type { ContactDetailView, ContactView } from '#src/schemas/contact-view.ts';
import type { NextStepInput } from '#src/schemas/follow-up.ts';
import type { ViewCounts } from '#src/schemas/pipeline.ts';
import { createListDetailStore, emptyList, keySlot, type Outcome, type Paging } from './list-detail.ts';

/** An enquiry as the API shows it. */
export type Contact = ContactView;
export type ContactDetail = ContactDetailView;

/** The callbacks list's filters and order, as the address and the API's query carry them. */
export type ContactFilter = { status?: string; owner?: string; from?: string; to?: string; q?: string; due?: string; sort?: string };
export const contactFilterKeys = ['status', 'owner', 'from', 'to', 'q', 'due', 'sort'] as const satisfies readonly (keyof ContactFilter)[];

/** Contact list response fields, with the list's loading flag and filters. */
export type ContactsState = Paging &
  Outcome & {
    contacts: Contact[];
    isLoading: boolean;
    filter: ContactFilter;
    /** How many callbacks each view holds, with every page (null before the first). */
    viewCounts: ViewCounts | null;
  };

/** A pipeline change (status, note, owner) and a bulk action: the routes' own schemas. */
export type ContactChange = InferInput<typeof ContactUpdateSchema>;
export type ContactBulkAction = InferInput<typeof ContactBulkSchema>;

export const $contacts = map<ContactsState>({
  contacts: [],
  filter: {},
  viewCounts: null,
  ...emptyList(10),
});

/**
 * The filter's fields that are set, as query values. They may come from an address, typed by
 * anyone: the server checks them (a 400 with its message), so they are passed on as they are.
 */
const queryOf = (filter: ContactFilter) => Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as InferInput<typeof ContactListQuerySchema>;
/** The export's query: the filters without the list's order (an export is newest first). */
const exportQueryOf = (filter: ContactFilter) => {
  const { sort: _sort, ...query } = queryOf(filter);
  return query;
};

const store = createListDetailStore<ContactsState, Contact, ContactDetail, ContactChange, ContactFilter>({
  store: $contacts,
  items: keySlot($contacts, 'contacts'),
  loading: keySlot($contacts, 'isLoading'),
  filter: keySlot($contacts, 'filter'),
  calls: {
    async list({ page, page_size, filter, cursor }) {
      const query = { ...queryOf(filter), page: String(page), page_size: String(page_size), ...(cursor ? { cursor } : {}) };
      const result = await unwrap(apiClient.contacts.$get({ query }));
      return { ...result, items: result.contacts, extra: { viewCounts: result.view_counts } };
    },
    get: async (id) => (await unwrap(apiClient.contacts.get[':id'].$get({ param: pathParams({ id }) }))).contact,
    // The answer carries the summary only: the factory fetches the callback again, with its history.
    update: async (id, change) => ({
      message: (await unwrap(apiClient.contacts.update[':id'].$put({ param: pathParams({ id }), json: change }))).message,
      item: null,
    }),
    remove: async (id) => (await unwrap(apiClient.contacts.delete[':id'].$delete({ param: pathParams({ id }) }))).message,
  },
});

/** The contacts list (load, remove: a delete reloads the list), one contact (get), its pipeline (update), and bulk actions. */
export const contacts = {
  ...store,
  /** One change to every chosen callback, all or none; the list reloads. Answers the server's message. */
  async bulk(action: ContactBulkAction): Promise<string> {
    const { message } = await unwrap(apiClient.contacts.bulk.$post({ json: action }));
    await store.load();
    return message;
  },
  /** Sets, changes or clears a callback's next step. Answers the server's message. */
  async setNextStep(id: string, input: NextStepInput): Promise<string> {
    return (await unwrap(apiClient.contacts['next-step'][':id'].$put({ param: pathParams({ id }), json: input }))).message;
  },
  /** The CSV export of the list as filtered now (a plain download: the session cookie goes with it). */
  exportHref: () => apiHref(apiClient.contacts.export.$path({ query: exportQueryOf($contacts.get().filter) })),
  /** The chosen callbacks as a CSV file. */
  exportChosen: (ids: string[]) => unwrapFile(apiClient.contacts.bulk.export.$post({ json: { ids } }), 'callbacks-selected.csv'),
};
