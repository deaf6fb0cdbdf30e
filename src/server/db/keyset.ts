import { and, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CreatedSort, ListPaging } from '../../schemas/paging.ts';
import { HttpError, INVALID_INPUT } from '../http/envelope.ts';
import type { Db } from './client.ts';
import { fromShare, type KeyStatistics, keyStatistics } from './key-spread.ts';
import { countOrEstimate, plannedRows } from './list-count.ts';

/**
 * Paging for the staff lists, one way for every list (contacts, quotes and renewals, users,
 * posts, the audit log), so that none of them slows down at a million rows:
 *
 * - **Keyset paging.** A list's order is a sort key, descending on every part, whose last part
 *   is unique (the id), so the order is total even when rows share a moment. Each answer
 *   carries cursors naming its first and last rows; `?cursor=` asks for the rows after
 *   (next) or before (previous) one, which an index on the key finds at once however deep.
 * - **Page numbers** stay as the spec has them: `?page=n` without a cursor skips n × page_size
 *   rows. The skipping walks the key's index only (the ids of the page are found first, then
 *   only their rows are read), so a deep page costs index entries rather than table rows, up
 *   to DEEP_OFFSET_WALKED rows. Deeper in a list too large to count, where the total is
 *   "about N", the page is found where the key's spread puts it (see pageByKeySpread): walking
 *   half a million entries took 60-90 ms. `?cursor=last` answers the last page from the other end.
 * - **Totals**: exact up to `exactCountLimit` rows, the planner's estimate above it
 *   (`total_is_estimate: true`, "about N"); see countOrEstimate.
 */

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

export const BAD_CURSOR = 'This page link is no longer valid. Go back to the first page of the list.';
const badCursor = () => new HttpError(400, INVALID_INPUT, [{ field: 'cursor', message: BAD_CURSOR }]);

/** The key's values as text, selected beside a list's columns (`_k0`, `_k1`…) so its cursors can be written. */
export function keyColumns(keys: readonly KeyPart[]): Record<string, SQL<string>> {
  return Object.fromEntries(keys.map((key, i) => [`_k${i}`, sql<string>`(${key.expr})::text`]));
}

type Direction = 'after' | 'before';

/**
 * Where a page link continues a list: the key values of the row it continues from, the way it
 * goes from there, and whether a rare search wrote it (see searchPage: its next pages are read
 * from the search's matches at once). 'last' is the list's last page.
 */
type Cursor = { direction: Direction; values: string[]; rare: boolean } | 'last';

const FORMATS: Record<Exclude<KeyPart['type'], 'text'>, RegExp> = {
  // PostgreSQL's own text for a timestamptz (ISO DateStyle), or infinity for an unset date sorted first.
  timestamptz: /^(-?infinity|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d){0,2})$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  // A calendar date as PostgreSQL writes it (ISO DateStyle): a privacy request's due date.
  date: /^\d{4}-\d\d-\d\d$/,
};

/** What a key part's values look like as text. */
const formatOf = (key: KeyPart) => (key.type === 'text' ? key.format : FORMATS[key.type]);

/** A cursor as it travels: base64url of JSON with named fields, so anyone can read one. */
export function encodeCursor(direction: Direction, values: string[], rare = false): string {
  return Buffer.from(JSON.stringify({ direction, rare, values })).toString('base64url');
}

const isDirection = (value: unknown): value is Direction => value === 'after' || value === 'before';

/** Reads a cursor written for `keys`; anything else (edited, or from another list) is a 400. */
export function decodeCursor(text: string, keys: readonly KeyPart[]): Cursor {
  if (text === 'last') return 'last';
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (typeof parsed !== 'object' || parsed === null) throw badCursor();
  const { direction, rare, values } = parsed as Record<string, unknown>;
  if (!isDirection(direction) || typeof rare !== 'boolean' || !Array.isArray(values) || values.length !== keys.length) throw badCursor();
  if (!values.every((value, i) => typeof value === 'string' && formatOf(keys[i]!).test(value))) throw badCursor();
  return { direction, rare, values: values as string[] };
}

const row = (parts: SQL[]) => sql`(${sql.join(parts, sql`, `)})`;

/** A key's values (their text, as cursors and `_k` columns hold them) as a row of the key's types. */
const keyRow = (keys: readonly KeyPart[], values: readonly string[]) => row(values.map((value, i) => sql`${value}::${sql.raw(keys[i]!.type)}`));

/** The rows whose key (`exprs`) is past `key`: smaller, or larger. */
const beyond = (exprs: SQL[], key: SQL, smaller: boolean) => (smaller ? sql`${row(exprs)} < ${key}` : sql`${row(exprs)} > ${key}`);

/** One page of a list, its cursors and its total (exact, or estimated above the limit). */
export async function keysetPage<Row extends Record<string, unknown>>(db: Db, options: KeysetOptions<Row>): Promise<ListPage<Row>> {
  const { keys, paging } = options;
  const where = and(options.where, options.search);
  const size = paging.page_size;
  const cursor = paging.cursor ? decodeCursor(paging.cursor, keys) : undefined;
  const exprs = keys.map((key) => sql`${key.expr}`);
  // The list's own order (forward) and its reverse (backward, to read a page before a cursor or the last page).
  const up = options.direction === 'asc';
  const forward = exprs.map((expr) => (up ? sql`${expr} asc` : sql`${expr} desc`));
  const backward = exprs.map((expr) => (up ? sql`${expr} desc` : sql`${expr} asc`));
  const bound = cursor && cursor !== 'last' ? keyRow(keys, cursor.values) : undefined;

  // A search: its own way (searchPage), but to the last page, which is read from the end.
  if (options.search !== undefined && cursor !== 'last') return searchPage(db, options, { cursor, bound, exprs, where, forward, backward });

  // A search's last page gives the same total as its other pages (searchTotal).
  const countPromise = options.search !== undefined ? searchTotal(db, options, where) : countOrEstimate(db, options.table, where, paging.exactCountLimit);
  // Awaited below, after the rows; if reading the rows fails first (a lost connection), the
  // count's own failure must not go unhandled meanwhile, which would end the process.
  countPromise.catch(() => undefined);

  let rows: Row[];
  let hasBefore: boolean;
  let hasAfter: boolean;
  let page = paging.page;
  const offset = paging.page * size;
  const bySpread =
    cursor === undefined && offset > DEEP_OFFSET_WALKED ? await pageByKeySpread(db, options, { where, forward, backward }, offset, await countPromise) : null;
  if (bySpread) {
    rows = bySpread.rows;
    hasAfter = bySpread.hasAfter;
    hasBefore = true;
  } else if (cursor === undefined) {
    // By page number: the page's ids from the key's index alone, then their rows.
    const bounded = offset > 0 ? and(where, walkedIds(db, options, where, forward, offset)) : where;
    const found = await options.select({ where: bounded, orderBy: forward, limit: size + 1 });
    hasAfter = found.length > size;
    rows = found.slice(0, size);
    hasBefore = offset > 0;
  } else if (cursor === 'last') {
    // The last page as the page numbers have it (the rows left over) when the total is exact;
    // a full page from the end when it is an estimate.
    const { total, estimate } = await countPromise;
    const take = estimate || total === 0 ? size : total - (Math.ceil(total / size) - 1) * size;
    const found = await options.select({ where, orderBy: backward, limit: take + 1 });
    hasBefore = found.length > take;
    rows = found.slice(0, take).reverse();
    hasAfter = false;
  } else if (bound) {
    // Rows after the cursor in the list's order: smaller keys newest first, larger oldest first.
    const after = beyond(exprs, bound, !up);
    const before = beyond(exprs, bound, up);
    if (cursor.direction === 'after') {
      const found = await options.select({ where: and(where, after), orderBy: forward, limit: size + 1 });
      hasAfter = found.length > size;
      rows = found.slice(0, size);
      hasBefore = true;
    } else {
      const found = await options.select({ where: and(where, before), orderBy: backward, limit: size + 1 });
      hasBefore = found.length > size;
      rows = found.slice(0, size).reverse();
      hasAfter = true;
    }
  } else {
    throw badCursor();
  }
  const { total, estimate } = await countPromise;
  if (cursor === 'last') page = Math.max(0, Math.ceil(total / size) - 1);
  return pageOf(keys, rows, { page, total, estimate, hasAfter, hasBefore });
}

type SearchContext = {
  cursor: Exclude<Cursor, 'last'> | undefined;
  /** The cursor's key values, as a row. */
  bound: SQL | undefined;
  /** The key's parts, as a row to compare with the bound. */
  exprs: SQL[];
  /** The list's filter and the search together. */
  where: SQL | undefined;
  forward: SQL[];
  backward: SQL[];
};

/**
 * A search's page (the first, by number or by cursor; keysetPage reads the last from the end).
 * The planner misjudges a staff search on a large list either way (see pageAmongNewest), so:
 *
 * - The page is first looked for among the newest rows past the cursor: found there for any
 *   search common enough, at a bounded cost, and exactly the page (every row before it was seen).
 * - A search they hold less than a page of is rare: its matches are read apart, by their
 *   trigram indexes, and the page, its cursors and its exact total come from that one read
 *   (rareRead). Its cursors are marked rare, so its next pages go there at once.
 * - A numbered page deeper than the newest rows reach, of a common search, is found where its
 *   share of the search's estimated total puts it (the key's spread, as pageByKeySpread finds
 *   a deep page of a whole list), then among the newest rows from there; below the exact-count
 *   limit, the matches are few and read apart for the exact page.
 *
 * A cursor marked rare by hand costs its sender one read of their search's matches, which an
 * export of the same search costs anyway; the page it gives is still the right one.
 */
async function searchPage<Row extends Record<string, unknown>>(
  db: Db,
  options: KeysetOptions<Row>,
  { cursor, bound, exprs, where, forward, backward }: SearchContext,
): Promise<ListPage<Row>> {
  const { keys, paging } = options;
  const size = paging.page_size;
  const up = options.direction === 'asc';
  const backwards = cursor?.direction === 'before';
  const order = backwards ? backward : forward;
  // The rows past the cursor, in the direction read.
  const past = bound === undefined ? undefined : beyond(exprs, bound, backwards === up);
  const offset = cursor === undefined ? paging.page * size : 0;

  /** The answer from rows read in `order`, up to one more than a page. */
  const answer = (found: Row[], counted: { total: number; estimate: boolean }, { rare = false, placed = false } = {}) => {
    const more = found.length > size;
    const rows = backwards ? found.slice(0, size).reverse() : found.slice(0, size);
    return pageOf(keys, rows, {
      page: paging.page,
      total: counted.total,
      estimate: counted.estimate,
      hasAfter: backwards ? true : more,
      hasBefore: backwards ? more : cursor !== undefined || offset > 0 || placed,
      rare,
    });
  };
  const rowsOf = async (ids: string[]) => (ids.length ? options.select({ where: inArray(options.id, ids), orderBy: order, limit: size + 1 }) : []);
  /** The rows after `last` (a row read, with its key columns) in the order read. */
  const after = (last: Row) =>
    beyond(
      exprs,
      keyRow(
        keys,
        keys.map((_, i) => String(last[`_k${i}`])),
      ),
      backwards === up,
    );
  /** A rare search's page from its matches, with their exact total; its cursors are marked rare. */
  const rarePage = async (skip: number, total?: { total: number; estimate: boolean }) => {
    if (options.searchParts) {
      // Many matches expected: each part's first rows in the list's order, not every match read and counted.
      const counted = total ?? (await searchTotal(db, options, where));
      if (counted.estimate) {
        const read = { parts: options.searchParts, past, order, descending: up === backwards, offset: skip, limit: size + 1 };
        const ids = await partsRead(db, options, read);
        // Less than a page from the first match on: every match, counted (the estimate holds only for a search the newest rows hold).
        const all = skip === 0 && past === undefined && ids.length <= size;
        return answer(await rowsOf(ids), all ? { total: ids.length, estimate: false } : counted);
      }
    }
    const read = await rareRead(db, options, { where, past, order, offset: skip, limit: size + 1 });
    // Many matches, none of them among the newest rows (last year's references): the total every other page of it gives, and no mark.
    if (read.total > paging.exactCountLimit) return answer(await rowsOf(read.ids), await searchTotal(db, options, where));
    return answer(await rowsOf(read.ids), { total: read.total, estimate: false }, { rare: true });
  };
  /** `need` rows from `from` on: among the newest rows there, else as the planner chooses (a stretch of the list the search is sparse in). */
  const onFrom = async (from: SQL | undefined, need: number) => {
    const rows = await pageAmongNewest(options, { cursorBound: from, order, limit: need });
    return rows.length === need ? rows : options.select({ where: and(where, from), orderBy: order, limit: need });
  };

  if (cursor?.rare) return rarePage(0);
  if (offset === 0) {
    const found = await pageAmongNewest(options, { cursorBound: past, order, limit: size + 1 });
    if (found.length > size) return answer(found, await searchTotal(db, options, where));
    if (past === undefined) return rarePage(0);
    // Past a cursor: fewer than SEARCH_AMONG_NEWEST rows lie past it (the first page again, or the search's end), and those found are all;
    // else a stretch the search is sparse in, whose matches past the cursor are read apart.
    const rows =
      (await rowsPast(db, options, past, order)) < SEARCH_AMONG_NEWEST
        ? found
        : await rowsOf(await matchesPast(db, options, { where, past, order, limit: size + 1 }));
    return answer(rows, await searchTotal(db, options, where));
  }

  // A numbered page: among the newest rows if they reach it; if they hold less than a page, the search is rare.
  const window = await windowAmongNewest(db, options, { order, limit: size + 1, offset });
  const onPage = window.ids.slice(offset);
  if (onPage.length > size) return answer(await rowsOf(onPage), await searchTotal(db, options, where));
  if (window.ids.length <= size || window.rows < SEARCH_AMONG_NEWEST) return rarePage(offset);
  const stats = keyStatistics(db, options);
  // Awaited below; if the total's reading fails first, this one's failure must not go unhandled meanwhile.
  stats.catch(() => undefined);
  const counted = await searchTotal(db, options, where);
  // Counted exactly: no more matches than the exact-count limit, read at once.
  if (!counted.estimate) return rarePage(offset, counted);
  if (offset < window.ids.length) {
    // The page begins among the newest rows' matches: those, then the next matches after them.
    const start = await rowsOf(onPage);
    return answer([...start, ...(await onFrom(after(start.at(-1)!), size + 1 - start.length))], counted);
  }
  // Deeper: where its share of the total puts it (the key's spread), never among the matches
  // seen (a shallow page's place follows them), or without statistics by walking the index.
  // The window's ids are all its matches unless the page was beyond its reach (then only the first page's worth).
  const [seen] = offset + size + 1 > SEARCH_AMONG_NEWEST ? [] : await rowsOf(window.ids.slice(-1));
  const deep = await pageByKeySpread(db, options, { where, forward, backward }, offset, counted, {
    stats,
    seen: seen && { moment: String(seen._k0), bound: after(seen) },
    read: onFrom,
  });
  if (deep) return pageOf(keys, deep.rows, { page: paging.page, total: counted.total, estimate: true, hasAfter: deep.hasAfter, hasBefore: true });
  return answer(await options.select({ where: and(where, walkedIds(db, options, where, forward, offset)), orderBy: order, limit: size + 1 }), counted);
}

/**
 * A rare search's page from its matches read apart: the matches found by their trigram indexes
 * (a materialized CTE, which keeps them out of the outer query's plan), counted, and the page's
 * ids from them, past the cursor, in the list's order. Left to choose, the planner walked the
 * key's index with the search as a filter when it guessed the matches many: an enquiry's full
 * name read 70,000 rows at a million (395 ms), where the trigram indexes find its 143 in 6 ms.
 * The total is all the search's matches, whatever the cursor. Only a search the newest rows
 * hold less than a page of comes here (or a cursor one wrote); a cursor marked by hand costs
 * its sender one read of their search's matches, which an export of it costs anyway.
 */
async function rareRead<Row extends Record<string, unknown>>(
  db: Db,
  options: KeysetOptions<Row>,
  read: { where: SQL | undefined; past: SQL | undefined; order: SQL[]; offset: number; limit: number },
): Promise<{ ids: string[]; total: number }> {
  const table = sql.identifier(getTableName(options.table));
  const result = await db.execute(
    sql`with matches as materialized (select * from ${options.table} where ${read.where ?? sql`true`})
        select (select count(*) from matches) as total,
          array(select (${options.id})::text from matches as ${table} where ${read.past ?? sql`true`}
                order by ${sql.join(read.order, sql`, `)} limit ${read.limit} offset ${read.offset}) as ids`,
  );
  const [found] = (result as unknown as { rows: { total: string | number; ids: string[] | string }[] }).rows;
  return { ids: idList(found?.ids), total: Number(found?.total ?? 0) };
}

/**
 * The ids of a search's page read part by part (searchParts): each part's first `offset +
 * limit` matches past the cursor in the list's order (a part with an order of its own by its
 * index; the others read from their matches apart, matchesApart, and sorted),
 * then the page among them all: every row of the page is among its part's first.
 */
async function partsRead<Row extends Record<string, unknown>>(
  db: Db,
  options: KeysetOptions<Row>,
  read: { parts: SearchPart[]; past: SQL | undefined; order: SQL[]; descending: boolean; offset: number; limit: number },
): Promise<string[]> {
  const take = read.offset + read.limit;
  // Each part gives its rows' keys beside their ids, so the page is sorted from what the parts
  // read (a row the parts share is one row of the union) without fetching every row again by
  // its id: at a million requests that fetch was most of a series search's deep page.
  const keyNames = options.keys.map((_, i) => sql.identifier(`_s${i}`));
  const keyValues = options.keys.map((key, i) => sql`${key.expr} as ${keyNames[i]}`);
  const firsts = read.parts.map(({ match, order }) => {
    const where = and(options.where, match, read.past);
    const own = order?.keys === options.keys ? order : undefined;
    return own
      ? sql`(select ${options.id} as id, ${sql.join(keyValues, sql`, `)} from ${options.table} where ${where} order by ${read.descending ? own.desc : own.asc} limit ${take})`
      : sql`(${matchesApart(options, { where, order: read.order, limit: take, keys: keyValues })})`;
  });
  const direction = read.descending ? sql`desc` : sql`asc`;
  const result = await db.execute(
    sql`select (id)::text as id from (${sql.join(firsts, sql` union `)}) as matched
        order by ${sql.join(
          keyNames.map((name) => sql`${name} ${direction}`),
          sql`, `,
        )} limit ${read.limit} offset ${read.offset}`,
  );
  return (result as unknown as { rows: { id: string }[] }).rows.map((found) => found.id);
}

/** A text[] as either driver hands it over: an array, or PostgreSQL's text for one ({a,b}). */
function idList(value: string[] | string | undefined): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value.replace(/^\{|\}$/g, '').split(',');
}

/** The ids of a numbered page, a page and one more from `offset`, found by walking the key's index: the rows read after them are only theirs. */
function walkedIds<Row extends Record<string, unknown>>(db: Db, options: KeysetOptions<Row>, where: SQL | undefined, forward: SQL[], offset: number): SQL {
  const ids = db
    .select({ id: sql`${options.id}` })
    .from(options.table)
    .where(where)
    .orderBy(...forward)
    .limit(options.paging.page_size + 1)
    .offset(offset);
  return inArray(options.id, ids);
}

/** The most rows a page number skips by walking the key's index (about 2 ms a 20,000 at a million rows). */
export const DEEP_OFFSET_WALKED = 20_000;

/**
 * A page deep in a list whose total is an estimate, from where the key's spread puts it
 * rather than by walking every row before it. The key's first part (the moment a row was
 * made, for every large list) has a histogram in PostgreSQL's statistics (ANALYZE's sample
 * of the table): the moment at the page's share of the list is read from it, and the page is
 * the rows from that moment on, in the list's order, found on the index at once. Its rows
 * are consecutive rows of the list, with cursors that page on from them exactly; its place
 * is as near as the total is ("about N"), which rows arriving and leaving move anyway. A page
 * past the estimated end is the list's last rows. Null, and the index is walked, when the
 * total is exact, the key is not a timestamp column, or the table has no statistics yet (the
 * embedded database runs no autovacuum).
 */
async function pageByKeySpread<Row extends Record<string, unknown>>(
  db: Db,
  options: KeysetOptions<Row>,
  { where, forward, backward }: { where: SQL | undefined; forward: SQL[]; backward: SQL[] },
  offset: number,
  counted: { total: number; estimate: boolean },
  /**
   * A search's way (searchPage): its key statistics already asked for, the last match it has
   * seen (the page is never placed before it, see fromShare), and how it reads rows from a place.
   */
  search: {
    stats?: Promise<KeyStatistics | null>;
    seen?: { moment: string; bound: SQL };
    read?: (from: SQL, need: number) => Promise<Row[]>;
  } = {},
): Promise<{ rows: Row[]; hasAfter: boolean } | null> {
  if (!counted.estimate) return null;
  const size = options.paging.page_size;
  const share = offset / counted.total;
  if (share >= 1) {
    // Past the estimated end: the last rows, as `cursor=last` answers them for an estimated total.
    const found = await options.select({ where, orderBy: backward, limit: size });
    return { rows: found.reverse(), hasAfter: false };
  }
  const from = fromShare(options, await (search.stats ?? keyStatistics(db, options)), share, search.seen);
  if (!from) return null;
  const found = search.read ? await search.read(from, size + 1) : await options.select({ where: and(where, from), orderBy: forward, limit: size + 1 });
  return { rows: found.slice(0, size), hasAfter: found.length > size };
}

/** An answer's page: its rows and total, and the cursors naming its first and last rows. */
function pageOf<Row extends Record<string, unknown>>(
  keys: readonly KeyPart[],
  rows: Row[],
  {
    page,
    total,
    estimate,
    hasAfter,
    hasBefore,
    rare = false,
  }: { page: number; total: number; estimate: boolean; hasAfter: boolean; hasBefore: boolean; rare?: boolean },
): ListPage<Row> {
  const keyOf = (r: Row) => keys.map((_, i) => String(r[`_k${i}`]));
  const first = rows[0];
  const last = rows.at(-1);
  return {
    rows,
    page,
    total,
    totalIsEstimate: estimate,
    nextCursor: hasAfter && last ? encodeCursor('after', keyOf(last), rare) : null,
    prevCursor: hasBefore && first ? encodeCursor('before', keyOf(first), rare) : null,
  };
}

/** How many of the newest rows (after the cursor) a search looks among first. */
export const SEARCH_AMONG_NEWEST = 2000;

/**
 * A search's page from the newest rows of the list alone, or null when they hold less than a
 * page (the search is rare: searchPage reads its matches apart). A staff
 * search (`ILIKE '%…%'`) on a large list is misjudged either way by the planner: a common name
 * matches thousands of rows, which its trigram indexes fetch and sort (30–50 ms at a million
 * rows), while walking the date index finds a page among the first thousand rows; a rare one
 * is the other way round. So the newest SEARCH_AMONG_NEWEST rows (after the cursor) are read
 * on the key's index, by a subquery with its own LIMIT that the planner cannot fold into the
 * search, and searched within: a bounded cost (about 2 ms at a million rows), where letting
 * the planner choose read the trigram indexes for a rare name of two words (3-7 ms) only to
 * find too few. The page found there is the page (every newer row was looked at); its total
 * is searchTotal's.
 */
async function pageAmongNewest<Row extends Record<string, unknown>>(
  options: KeysetOptions<Row>,
  walk: { cursorBound: SQL | undefined; order: SQL[]; limit: number },
): Promise<Row[]> {
  const matching = sql`(select ${options.id} from ${newestRows(options, walk.cursorBound, walk.order)} where ${options.searchScan ?? options.search} order by ${sql.join(walk.order, sql`, `)} limit ${walk.limit})`;
  return options.select({ where: inArray(options.id, matching), orderBy: walk.order, limit: walk.limit });
}

/** How many of the list's rows lie past `bound` in `order`, counted up to SEARCH_AMONG_NEWEST (on the key's index). */
async function rowsPast<Row extends Record<string, unknown>>(db: Db, options: KeysetOptions<Row>, bound: SQL, order: SQL[]): Promise<number> {
  const result = await db.execute(sql`select ${newestCount(options, bound, order)} as n`);
  return Number((result as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0);
}

/** How many rows the newest SEARCH_AMONG_NEWEST past `bound` are (fewer: the list ends there), read on the key's index. */
const newestCount = <Row extends Record<string, unknown>>(options: KeysetOptions<Row>, bound: SQL | undefined, order: SQL[]) =>
  sql`(select count(*) from (select 1 from ${options.table} where ${and(options.where, bound) ?? sql`true`} order by ${sql.join(order, sql`, `)} limit ${SEARCH_AMONG_NEWEST}) as counted)`;

/** The ids of the search's next matches past `past`, read apart from the key's index (`offset 0`), as rareRead reads a rare search's. */
async function matchesPast<Row extends Record<string, unknown>>(
  db: Db,
  options: KeysetOptions<Row>,
  read: { where: SQL | undefined; past: SQL; order: SQL[]; limit: number },
): Promise<string[]> {
  const result = await db.execute(
    sql`select (id)::text as id from (${matchesApart(options, { where: and(read.where, read.past), order: read.order, limit: read.limit })}) as found`,
  );
  return (result as unknown as { rows: { id: string }[] }).rows.map((found) => found.id);
}

/**
 * The ids (`id`) of the first `limit` rows matching `where` in `order`, the matches read apart
 * (a subquery fenced by `offset 0`, which keeps the planner from walking the key's index with
 * the search as a filter) and then sorted; with `keys`, those columns beside each id.
 */
const matchesApart = <Row extends Record<string, unknown>>(
  options: KeysetOptions<Row>,
  read: { where: SQL | undefined; order: SQL[]; limit: number; keys?: SQL[] },
): SQL =>
  sql`select ${options.id} as id${read.keys ? sql`, ${sql.join(read.keys, sql`, `)}` : sql``} from (select * from ${options.table} where ${read.where ?? sql`true`} offset 0) as ${sql.identifier(getTableName(options.table))}
      order by ${sql.join(read.order, sql`, `)} limit ${read.limit}`;

/**
 * A numbered page among the newest rows, in one read: the ids of the matches up to the page's
 * end (`offset` + `limit`), and how many rows the newest are (fewer than SEARCH_AMONG_NEWEST:
 * the whole list). A page they cannot reach (past SEARCH_AMONG_NEWEST matches) asks only
 * whether they hold a page at all, which tells a rare search from a common one; the scan stops
 * at the last match wanted.
 */
async function windowAmongNewest<Row extends Record<string, unknown>>(
  db: Db,
  options: KeysetOptions<Row>,
  walk: { order: SQL[]; limit: number; offset: number },
): Promise<{ ids: string[]; rows: number }> {
  const wanted = walk.offset + walk.limit <= SEARCH_AMONG_NEWEST ? walk.offset + walk.limit : walk.limit;
  const order = sql.join(walk.order, sql`, `);
  const result = await db.execute(
    sql`select ${newestCount(options, undefined, walk.order)} as rows,
          array(select (${options.id})::text from ${newestRows(options, undefined, walk.order)}
                where ${options.searchScan ?? options.search} order by ${order} limit ${wanted}) as ids`,
  );
  const [read] = (result as unknown as { rows: { rows: string | number; ids: string[] | string }[] }).rows;
  return { ids: idList(read?.ids), rows: Number(read?.rows ?? 0) };
}

/**
 * A common search's total: the planner's estimate, or if larger what the newest rows holding
 * at least a page says (a page's share of them times the list's size); the same on every page
 * of the search, so its page count holds still. Within the exact-count limit it is counted.
 */
async function searchTotal<Row extends Record<string, unknown>>(
  db: Db,
  options: KeysetOptions<Row>,
  where: SQL | undefined,
): Promise<{ total: number; estimate: boolean }> {
  const [listSize, planned] = await Promise.all([plannedRows(db, options.table, options.where), plannedRows(db, options.table, where)]);
  const total = Math.max(planned, Math.ceil(((options.paging.page_size + 1) * listSize) / SEARCH_AMONG_NEWEST));
  if (total > options.paging.exactCountLimit) return { total, estimate: true };
  return countOrEstimate(db, options.table, where, options.paging.exactCountLimit, planned);
}

/** The newest SEARCH_AMONG_NEWEST rows of the list past `bound`, named as the table itself, so the search's columns ("leads"."name") are theirs. */
function newestRows<Row extends Record<string, unknown>>(options: KeysetOptions<Row>, bound: SQL | undefined, order: SQL[]): SQL {
  // A subquery with its own LIMIT, which the planner cannot fold into the search.
  return sql`(select * from ${options.table} where ${and(options.where, bound) ?? sql`true`} order by ${sql.join(order, sql`, `)} limit ${SEARCH_AMONG_NEWEST}) as ${sql.identifier(getTableName(options.table))}`;
}
