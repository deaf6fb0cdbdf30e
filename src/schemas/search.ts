import * as v from 'valibot';
import { noControlCharacter, SEARCH_MAX } from './fields.ts';
import { limitMessages } from './messages.ts';
import type { Access } from './roles.ts';

/**
 * The back-office's global search (the search palette, Ctrl K or ⌘K): one text looked for at
 * once in every area the signed-in role may use, a few best matches of each kind.
 */

/** Fewer letters match nearly everything and no trigram index can answer them. */
export const SEARCH_MIN = 2;
/** How many matches of each kind the palette lists; the list screen, searched for the same words, has the rest. */
export const SEARCH_PER_KIND = 5;

export const SEARCH_TOO_SHORT = `Type at least ${SEARCH_MIN} characters to search.`;

/** `?q=`: trimmed, 2 to 100 characters; the palette checks the same before it asks. */
export const SearchQuerySchema = v.object({
  q: v.pipe(
    v.string(SEARCH_TOO_SHORT),
    v.trim(),
    v.minLength(SEARCH_MIN, SEARCH_TOO_SHORT),
    v.maxLength(SEARCH_MAX, limitMessages.tooLong(SEARCH_MAX)),
    noControlCharacter,
  ),
});

/** The kinds of record the search finds, in the order the palette groups them. */
export const searchKinds = ['callback', 'quote', 'renewal', 'post', 'page', 'user'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** Who may find each kind (src/schemas/roles.ts): the server searches only these, the palette names only these. */
export const searchKindAccess: Record<SearchKind, Access> = {
  callback: 'personalData',
  quote: 'personalData',
  renewal: 'personalData',
  post: 'siteContent',
  page: 'siteContent',
  user: 'administration',
};

/**
 * One match: what it is, its name, one line of detail to tell it from another of the same name,
 * and where it stands (a callback's or request's status, a post's), null for pages and users.
 */
export const SearchResultSchema = v.object({
  kind: v.picklist(searchKinds),
  id: v.string(),
  title: v.string(),
  detail: v.string(),
  status: v.nullable(v.string()),
});
export type SearchResult = v.InferOutput<typeof SearchResultSchema>;

/** One kind's matches, best first; `more` when the list screen holds others. */
export const SearchGroupSchema = v.object({ kind: v.picklist(searchKinds), results: v.array(SearchResultSchema), more: v.boolean() });
export type SearchGroup = v.InferOutput<typeof SearchGroupSchema>;

/** Every kind the role may search, those with matches only, in searchKinds' order. */
export const SearchViewSchema = v.object({ q: v.string(), groups: v.array(SearchGroupSchema) });
export type SearchView = v.InferOutput<typeof SearchViewSchema>;

/**
 * The navigation's counts: the requests in each list's New view (status new), and the privacy
 * requests due within the register's "due soon" days or overdue. All of them are about
 * customers, so only Administrators and Brokers are told them.
 */
export const NavigationCountsSchema = v.object({
  callbacks: v.number(),
  quotes: v.number(),
  renewals: v.number(),
  privacyDue: v.number(),
});
export type NavigationCounts = v.InferOutput<typeof NavigationCountsSchema>;
