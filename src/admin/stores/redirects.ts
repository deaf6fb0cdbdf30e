import { atom, map } from 'nanostores';
import { apiClient, pathParams, unwrap } from '#src/api/typed-client.ts';
import type { RedirectValues, RedirectView } from '#src/schemas/redirect.ts';
import { createListDetailStore, emptyList, keySlot, type Outcome, type Paging } from './list-detail.ts';

/** The filters as the form and the address hold them: strings, empty for "any". */
export type RedirectFilterValues = { q?: string; origin?: string };

export type RedirectListState = Paging & Outcome & { redirects: RedirectView[]; filter: RedirectFilterValues; isLoading: boolean };

export const $redirectList = map<RedirectListState>({ redirects: [], filter: {}, ...emptyList(20) });

/** The redirect on the edit screen. */
export const $currentRedirect = atom<RedirectView | null>(null);

const setValues = (filter: RedirectFilterValues) => Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as Record<string, string>;

/** Redirects as a list and one in its form: the same list/detail store as every list. */
export const redirectList = createListDetailStore<RedirectListState, RedirectView, RedirectView, RedirectValues, RedirectFilterValues>({
  store: $redirectList,
  items: keySlot($redirectList, 'redirects'),
  loading: keySlot($redirectList, 'isLoading'),
  filter: keySlot($redirectList, 'filter'),
  current: { get: () => $currentRedirect.get(), set: (item) => $currentRedirect.set(item) },
  calls: {
    async list({ page, page_size, filter, cursor }) {
      const query = { ...setValues(filter), page: String(page), page_size: String(page_size), ...(cursor ? { cursor } : {}) };
      const result = await unwrap(apiClient.redirects.$get({ query }));
      return { ...result, items: result.redirects };
    },
    get: async (id) => (await unwrap(apiClient.redirects.get[':id'].$get({ param: pathParams({ id }) }))).redirect,
    async create(values) {
      const result = await unwrap(apiClient.redirects.create.$post({ json: values }));
      return { message: result.message, item: result.redirect };
    },
    async update(id, values) {
      const result = await unwrap(apiClient.redirects.update[':id'].$put({ param: pathParams({ id }), json: values }));
      return { message: result.message, item: result.redirect };
    },
    remove: async (id) => (await unwrap(apiClient.redirects.delete[':id'].$delete({ param: pathParams({ id }) }))).message,
  },
});
