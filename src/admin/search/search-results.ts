import { getPagePath } from '@nanostores/router';
import { apiClient, unwrap } from '#src/api/typed-client.ts';
import type { SearchGroup, SearchKind, SearchResult } from '#src/schemas/search.ts';
import { recordHref } from '../record-links.ts';
import { $router, type RouteName } from '../stores/router.ts';

/**
 * Each kind's heading in the palette, and the list that holds the rest of its matches, searched
 * for the same words by its search filter's key.
 */
export const SEARCH_KIND_META: Record<SearchKind, { heading: string; list: RouteName; listKey: string }> = {
  callback: { heading: 'Callbacks', list: 'contacts', listKey: 'q' },
  quote: { heading: 'Quotes', list: 'quotes', listKey: 'q' },
  renewal: { heading: 'Renewals', list: 'renewals', listKey: 'q' },
  post: { heading: 'Posts', list: 'posts', listKey: 'q' },
  page: { heading: 'Pages', list: 'content', listKey: 'q' },
  user: { heading: 'Users', list: 'users', listKey: 'search' },
};

/** Where a match opens: its record's screen, as the audit log links the same records (record-links.ts). */
export function resultHref(result: SearchResult): string {
  switch (result.kind) {
    case 'callback':
      return recordHref('contact', result.id)!;
    case 'quote':
    case 'renewal':
      return recordHref('lead', result.id, result.kind)!;
    case 'page':
      return getPagePath($router, 'contentPage', { id: result.id });
    default:
      return recordHref(result.kind, result.id)!;
  }
}

/** The list screen searched for `q`, where a kind's other matches are; undefined for a list without a search. */
export function moreHref(kind: SearchKind, q: string): string | undefined {
  const { list, listKey } = SEARCH_KIND_META[kind];
  return listKey ? `${getPagePath($router, list)}?${new URLSearchParams({ [listKey]: q })}` : undefined;
}

/** Asks the server for `q`'s matches; `signal` drops an answer no longer wanted (the person typed on). */
export async function fetchSearch(q: string, signal: AbortSignal): Promise<SearchGroup[]> {
  const { search } = await unwrap(apiClient.search.$get({ query: { q } }, { init: { signal } }));
  return search.groups;
}
