import { map } from 'nanostores';
import { apiClient, pathParams, unwrap } from '#src/api/typed-client.ts';
import type { ApiTokenCreate, ApiTokenView } from '#src/schemas/api-token.ts';
import { createListDetailStore, emptyList, keySlot, type Outcome, type Paging } from './list-detail.ts';

export type ApiTokenFilter = { status?: string; sort?: string };

export type ApiTokenListState = Paging & Outcome & { apiTokens: ApiTokenView[]; filter: ApiTokenFilter; isLoading: boolean };

export const $apiTokenList = map<ApiTokenListState>({ apiTokens: [], filter: {}, ...emptyList(20) });

/** API tokens: the list (an Administrator's shows everyone's, a Broker's their own) and revoking. */
export const apiTokenList = createListDetailStore<ApiTokenListState, ApiTokenView, ApiTokenView, never, ApiTokenFilter>({
  store: $apiTokenList,
  items: keySlot($apiTokenList, 'apiTokens'),
  loading: keySlot($apiTokenList, 'isLoading'),
  filter: keySlot($apiTokenList, 'filter'),
  calls: {
    async list({ page, page_size, filter, cursor }) {
      const query = {
        page: String(page),
        page_size: String(page_size),
        ...(filter.status ? { status: filter.status as 'active' } : {}),
        ...(filter.sort ? { sort: filter.sort as 'oldest' } : {}),
        ...(cursor ? { cursor } : {}),
      };
      const result = await unwrap(apiClient['api-tokens'].$get({ query }));
      return { ...result, items: result.apiTokens };
    },
  },
});

/**
 * Makes a token. The whole token is in this answer only: the screen shows it once, and it is
 * kept nowhere in the browser's stores.
 */
export async function createApiToken(values: ApiTokenCreate): Promise<{ message: string; token: string; apiToken: ApiTokenView }> {
  const result = await unwrap(apiClient['api-tokens'].create.$post({ json: values }));
  return { message: result.message, token: result.token, apiToken: result.apiToken };
}

/** Revokes a token at once, then reloads the list; answers the server's message. */
export async function revokeApiToken(id: string): Promise<string> {
  const { message } = await unwrap(apiClient['api-tokens'].revoke[':id'].$post({ param: pathParams({ id }) }));
  await apiTokenList.load();
  return message;
}
