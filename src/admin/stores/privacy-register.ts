import { atom, map } from 'nanostores';
import { apiClient, pathParams, unwrap } from '#src/api/typed-client.ts';
import type {
  PrivacyNoteCreateValues,
  PrivacyRequestCreateValues,
  PrivacyRequestExtendValues,
  PrivacyRequestUpdateValues,
  PrivacyRequestView,
  PrivacyViewCounts,
} from '#src/schemas/privacy-register.ts';
import type { PrivacyTimelineView } from '#src/schemas/privacy-timeline.ts';
import { createListDetailStore, emptyList, keySlot, type Outcome, type Paging } from './list-detail.ts';

/** The filters as the form and the address hold them: strings, empty for "any". */
export type PrivacyRequestFilterValues = { status?: string; kind?: string; due?: string; q?: string; sort?: string };

export type PrivacyRegisterState = Paging &
  Outcome & {
    requests: PrivacyRequestView[];
    filter: PrivacyRequestFilterValues;
    isLoading: boolean;
    /** How many each view holds, from the latest page's answer; null until one has come. */
    viewCounts: PrivacyViewCounts | null;
  };

export const $privacyRegister = map<PrivacyRegisterState>({ requests: [], filter: {}, viewCounts: null, ...emptyList(20) });

/** The request on its own page. */
export const $currentPrivacyRequest = atom<PrivacyRequestView | null>(null);

const setValues = (filter: PrivacyRequestFilterValues) => Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as Record<string, string>;

/** The register as a list and one request on its page: the same list/detail store as every list. */
export const privacyRegister = createListDetailStore<
  PrivacyRegisterState,
  PrivacyRequestView,
  PrivacyRequestView,
  PrivacyRequestCreateValues | PrivacyRequestUpdateValues,
  PrivacyRequestFilterValues
>({
  store: $privacyRegister,
  items: keySlot($privacyRegister, 'requests'),
  loading: keySlot($privacyRegister, 'isLoading'),
  filter: keySlot($privacyRegister, 'filter'),
  current: { get: () => $currentPrivacyRequest.get(), set: (item) => $currentPrivacyRequest.set(item) },
  calls: {
    async list({ page, page_size, filter, cursor }) {
      const query = { ...setValues(filter), page: String(page), page_size: String(page_size), ...(cursor ? { cursor } : {}) };
      const result = await unwrap(apiClient.privacy.requests.$get({ query }));
      return { ...result, items: result.requests, extra: { viewCounts: result.view_counts } };
    },
    get: async (id) => (await unwrap(apiClient.privacy.requests.get[':id'].$get({ param: pathParams({ id }) }))).request,
    async create(values) {
      const result = await unwrap(apiClient.privacy.requests.create.$post({ json: values as PrivacyRequestCreateValues }));
      return { message: result.message, item: result.request };
    },
    async update(id, values) {
      const result = await unwrap(apiClient.privacy.requests.update[':id'].$put({ param: pathParams({ id }), json: values as PrivacyRequestUpdateValues }));
      return { message: result.message, item: result.request };
    },
    remove: async (id) => (await unwrap(apiClient.privacy.requests.delete[':id'].$delete({ param: pathParams({ id }) }))).message,
  },
});

/** Extends the request's deadline (once); the page shows the new due date. Answers the server's message. */
export async function extendPrivacyRequest(id: string, values: PrivacyRequestExtendValues): Promise<string> {
  const result = await unwrap(apiClient.privacy.requests.extend[':id'].$post({ param: pathParams({ id }), json: values }));
  $currentPrivacyRequest.set(result.request);
  return result.message;
}

/** Adds a note to the request; the page's timeline reads itself again (a new updatedAt). Answers the server's message. */
export async function addPrivacyNote(id: string, values: PrivacyNoteCreateValues): Promise<string> {
  const result = await unwrap(apiClient.privacy.requests.notes[':id'].$post({ param: pathParams({ id }), json: values }));
  $currentPrivacyRequest.set(result.request);
  return result.message;
}

/** A request's timeline, newest first, from the audit log. */
export async function loadPrivacyTimeline(id: string): Promise<PrivacyTimelineView> {
  return (await unwrap(apiClient.privacy.requests.timeline[':id'].$get({ param: pathParams({ id }) }))).timeline;
}
