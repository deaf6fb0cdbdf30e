import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CreatedSort, ListPaging } from '#src/schemas/paging.ts';

/** The shapes a list hands to keysetPage and gets back (see docs/paging.md). */

/**
 * One part of a list's sort key: its SQL and the type its value is read back as; a text part
 * says what its values look like, which a cursor's must (a renewal date: YYYY-MM-DD).
 */
export type KeyPart = { expr: SQL | AnyPgColumn } & ({ type: 'timestamptz' | 'uuid' | 'date' } | { type: 'text'; format: RegExp });

export type ListPage<Row> = {
  rows: Row[];
  /** The page number the answer stands for: the one asked for, or the last for `cursor=last`. */
  page: number;
  total: number;
  /** True when `total` is the planner's estimate (more rows than the exact-count limit). */
  totalIsEstimate: boolean;
  /** The cursor of the page after this one, or null when this is the last. */
  nextCursor: string | null;
  /** The cursor of the page before this one, or null when this is the first. */
  prevCursor: string | null;
};

export type ListQuery = {
  /** The list's filter, with the cursor's bound added when there is one. */
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
};

/** What a list query needs to page: the paging asked for and the server's exact-count limit. */
export type ListRequest = ListPaging & { exactCountLimit: number };

/** A list's filters apart: status, owner, dates and the like (`where`), and the staff's text search. */
export type ListFilter = {
  where: SQL | undefined;
  search: SQL | undefined;
  /** The same search written for rows already read (text-search.ts): the newest rows are searched by it. */
  searchScan?: SQL | undefined;
  /** The same search in parts, some read in the list's order by an index of their own (see SearchPart). */
  searchParts?: SearchPart[] | undefined;
};

/**
 * One part of a search (the search is its parts, OR'd). A part with an `order` is read by it,
 * descending or ascending as the list is read, when the list is sorted by the key that order
 * follows (`keys`: a series of references are in the order their requests were made, not in
 * their renewal dates'); the others, and any part of a list sorted otherwise, are read from
 * their matches (by their trigram indexes) and sorted.
 */
export type SearchPart = { match: SQL; order?: { desc: SQL; asc: SQL; keys: readonly KeyPart[] } };

/** The key's direction for a list ordered by when its rows came in (`?sort=`, empty for newest first). */
export const directionOf = (sort: CreatedSort | ''): 'asc' | 'desc' => (sort === 'oldest' ? 'asc' : 'desc');

/** A list route's paging, from its validated query and the configuration. */
export function listRequest(query: ListPaging, config: { listExactCountLimit: number }): ListRequest {
  return { page: query.page, page_size: query.page_size, cursor: query.cursor, exactCountLimit: config.listExactCountLimit };
}

export type KeysetOptions<Row> = {
  /** The table the list reads (counted, and the deep pages' ids looked up in it). */
  table: PgTable;
  /** Its primary key: a deep page finds its ids first, then reads those rows only. */
  id: AnyPgColumn;
  keys: readonly KeyPart[];
  /** The key's direction, the same on every part: newest first (the default) or, `asc`, oldest first. */
  direction?: 'desc' | 'asc';
  where: SQL | undefined;
  /**
   * The staff's text search, apart from `where` (a list's rows match both): on a large list a
   * search's page is first looked for among the newest rows (see pageAmongNewest).
   */
  search?: SQL | undefined;
  /** The search's form for rows already read (text-search.ts); the search itself when not given. */
  searchScan?: SQL | undefined;
  /**
   * The search in parts: a search the planner expects many matches of and none of the newest
   * rows hold (last year's references) has its page read part by part (partsRead), not every match.
   */
  searchParts?: SearchPart[] | undefined;
  /** The paging asked for; above its `exactCountLimit` matching rows the total is estimated (see `countOrEstimate`). */
  paging: ListRequest;
  /** Reads the rows: must select `keyColumns(keys)` beside its own columns and apply where, order and limit. */
  select(query: ListQuery): Promise<Row[]>;
};
