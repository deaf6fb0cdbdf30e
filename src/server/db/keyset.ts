import { and, Column, count, getTableName, inArray, is, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListPaging } from '../../schemas/paging.ts';
import { HttpError, INVALID_INPUT } from '../http/envelope.ts';
import type { Db } from './client.ts';

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

/** One part of a list's sort key: its SQL and the type its value is read back as. */
export type KeyPart = { expr: SQL | AnyPgColumn; type: 'timestamptz' | 'uuid' };

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
};

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
type Cursor = { direction: Direction; values: string[] } | 'last';

const FORMATS: Record<KeyPart['type'], RegExp> = {
  // PostgreSQL's own text for a timestamptz (ISO DateStyle), or infinity for an unset date sorted first.
  timestamptz: /^(-?infinity|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d){0,2})$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

export function encodeCursor(direction: Direction, values: string[]): string {
  return Buffer.from(JSON.stringify([direction === 'after' ? 'a' : 'b', ...values])).toString('base64url');
}

/** Reads a cursor written for `keys`; anything else (edited, or from another list) is a 400. */
export function decodeCursor(text: string, keys: readonly KeyPart[]): Cursor {
  if (text === 'last') return 'last';
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== keys.length + 1) throw badCursor();
  const [mark, ...values] = parsed as unknown[];
  if (mark !== 'a' && mark !== 'b') throw badCursor();
  if (!values.every((value, i) => typeof value === 'string' && FORMATS[keys[i]!.type].test(value))) throw badCursor();
  return { direction: mark === 'a' ? 'after' : 'before', values: values as string[] };
}

const row = (parts: SQL[]) => sql`(${sql.join(parts, sql`, `)})`;

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
  const bound = cursor && cursor !== 'last' ? row(cursor.values.map((value, i) => sql`${value}::${sql.raw(keys[i]!.type)}`)) : undefined;

  // A search the newest rows hold less than a page of (see rareIds below).
  let rare = false;
  // A search's first page, or the page after or before a cursor: first among the newest rows.
  if (options.search !== undefined && (cursor === undefined ? paging.page === 0 : cursor !== 'last')) {
    const backwards = cursor !== undefined && cursor !== 'last' && cursor.direction === 'before';
    const cursorBound = bound !== undefined ? (backwards === up ? sql`${row(exprs)} < ${bound}` : sql`${row(exprs)} > ${bound}`) : undefined;
    const quick = await pageAmongNewest(db, options, { cursorBound, order: backwards ? backward : forward, limit: size + 1 });
    rare = quick === null;
    if (quick) {
      const more = quick.rows.length > size;
      const rows = backwards ? quick.rows.slice(0, size).reverse() : quick.rows.slice(0, size);
      // Within the exact-count limit a total is counted, as on every other page.
      const counted =
        quick.total > paging.exactCountLimit
          ? { total: quick.total, estimate: true }
          : await countOrEstimate(db, options.table, where, paging.exactCountLimit, quick.planned);
      return pageOf(keys, rows, {
        page: paging.page,
        total: counted.total,
        estimate: counted.estimate,
        hasAfter: backwards ? true : more,
        hasBefore: backwards ? more : cursor !== undefined,
      });
    }
  }

  /**
   * A search the newest rows hold less than a page of is rare: its page is read from its
   * matching rows apart (`offset 0` keeps them out of the outer query's plan), ordered and cut
   * there, then those rows by id. Left to choose, the planner walked the key's index with the
   * search as a filter when it guessed the matches many: an enquiry's full name read 70,000
   * rows at a million (395 ms), where the trigram indexes find its 143 in 14 ms.
   */
  const rareMatches = (bound: SQL | undefined) =>
    sql`(select * from ${options.table} where ${and(where, bound)} offset 0) as ${sql.identifier(getTableName(options.table))}`;
  const rareIds = (bound: SQL | undefined, order: SQL[], limit: number) =>
    inArray(options.id, sql`(select ${options.id} from ${rareMatches(bound)} order by ${sql.join(order, sql`, `)} limit ${limit})`);
  if (rare && cursor === undefined) {
    // The first page: its ids and the search's total from the one read of its matches (the
    // count is the rows read anyway for the sort), then the page's rows by id.
    const { rows: matched } = (await db.execute(
      sql`select ${options.id} as id, count(*) over () as total from ${rareMatches(undefined)} order by ${sql.join(forward, sql`, `)} limit ${size + 1}`,
    )) as unknown as { rows: { id: string; total: string | number }[] };
    const found = matched.length
      ? await options.select({
          where: inArray(
            options.id,
            matched.map((match) => match.id),
          ),
          orderBy: forward,
          limit: size + 1,
        })
      : [];
    return pageOf(keys, found.slice(0, size), {
      page: 0,
      total: Number(matched[0]?.total ?? 0),
      estimate: false,
      hasAfter: found.length > size,
      hasBefore: false,
    });
  }

  const countPromise = countOrEstimate(db, options.table, where, paging.exactCountLimit);
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
    let bounded = where;
    if (offset > 0) {
      const ids = db
        .select({ id: sql`${options.id}` })
        .from(options.table)
        .where(where)
        .orderBy(...forward)
        .limit(size + 1)
        .offset(offset);
      bounded = and(where, inArray(options.id, ids));
    }
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
    const after = up ? sql`${row(exprs)} > ${bound}` : sql`${row(exprs)} < ${bound}`;
    const before = up ? sql`${row(exprs)} < ${bound}` : sql`${row(exprs)} > ${bound}`;
    if (cursor.direction === 'after') {
      const found = await options.select({ where: rare ? rareIds(after, forward, size + 1) : and(where, after), orderBy: forward, limit: size + 1 });
      hasAfter = found.length > size;
      rows = found.slice(0, size);
      hasBefore = true;
    } else {
      const found = await options.select({ where: rare ? rareIds(before, backward, size + 1) : and(where, before), orderBy: backward, limit: size + 1 });
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
): Promise<{ rows: Row[]; hasAfter: boolean } | null> {
  const [first] = options.keys;
  if (!counted.estimate || !first || first.type !== 'timestamptz' || !is(first.expr, Column)) return null;
  const column = first.expr as AnyPgColumn;
  const size = options.paging.page_size;
  const up = options.direction === 'asc';
  const share = offset / counted.total;
  if (share >= 1) {
    // Past the estimated end: the last rows, as `cursor=last` answers them for an estimated total.
    const found = await options.select({ where, orderBy: backward, limit: size });
    return { rows: found.reverse(), hasAfter: false };
  }
  const statistics = await db.execute(
    sql`select null_frac, histogram_bounds::text as bounds, most_common_vals::text as common, most_common_freqs::text as freqs
        from pg_stats where schemaname = current_schema() and tablename = ${getTableName(options.table)} and attname = ${column.name}`,
  );
  const [stats] = (statistics as unknown as { rows: KeyStatistics[] }).rows;
  // The histogram runs oldest to newest; a newest-first list's share counts from the newest.
  const at = stats ? momentAtShare(stats, up ? share : 1 - share) : null;
  if (at === null) return null;
  const moment = new Date(at).toISOString();
  const from = up ? sql`${column} >= ${moment}::timestamptz` : sql`${column} <= ${moment}::timestamptz`;
  const found = await options.select({ where: and(where, from), orderBy: forward, limit: size + 1 });
  return { rows: found.slice(0, size), hasAfter: found.length > size };
}

/** A timestamp column's statistics, as pg_stats gives them (arrays as their text). */
type KeyStatistics = { null_frac: number | string; bounds: string | null; common: string | null; freqs: string | null };

/**
 * The moment before which `share` of a column's (non-null) values lie, from its statistics:
 * the histogram spreads the values that are not among the most common evenly over its
 * buckets, and each most common value holds its own share. Null when there is no histogram.
 */
function momentAtShare(stats: KeyStatistics, share: number): number | null {
  const bounds = stats.bounds ? parseTimestampArray(stats.bounds) : [];
  if (bounds.length < 2) return null;
  const common = stats.common ? parseTimestampArray(stats.common) : [];
  const freqs = stats.freqs
    ? stats.freqs
        .replace(/^\{|\}$/g, '')
        .split(',')
        .map(Number)
    : [];
  const nonNull = 1 - Number(stats.null_frac);
  const inHistogram = Math.max(0, nonNull - freqs.reduce((sum, freq) => sum + freq, 0));
  const buckets = bounds.length - 1;
  /** The share of values at or before `ms`. */
  const shareAt = (ms: number) => {
    let below = 0;
    if (ms >= bounds[buckets]!) below = inHistogram;
    else if (ms > bounds[0]!) {
      const i = bounds.findLastIndex((bound) => bound <= ms);
      below = (inHistogram * (i + (ms - bounds[i]!) / (bounds[i + 1]! - bounds[i]!))) / buckets;
    }
    return common.reduce((sum, value, i) => (value <= ms ? sum + (freqs[i] ?? 0) : sum), below) / nonNull;
  };
  const points = [...bounds, ...common].sort((a, b) => a - b);
  let before = { ms: points[0]!, share: 0 };
  for (const ms of points) {
    const here = shareAt(ms);
    if (here >= share) return here === before.share ? ms : before.ms + ((ms - before.ms) * (share - before.share)) / (here - before.share);
    before = { ms, share: here };
  }
  return points.at(-1)!;
}

/** A timestamptz[] as PostgreSQL writes it ({"2024-01-02 03:04:05.678+00",…}) as milliseconds. */
function parseTimestampArray(text: string): number[] {
  return text
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((value) =>
      Date.parse(
        value
          .replace(/^"|"$/g, '')
          .replace(' ', 'T')
          .replace(/([+-]\d\d)$/, '$1:00'),
      ),
    )
    .filter((ms) => Number.isFinite(ms));
}

/** An answer's page: its rows and total, and the cursors naming its first and last rows. */
function pageOf<Row extends Record<string, unknown>>(
  keys: readonly KeyPart[],
  rows: Row[],
  { page, total, estimate, hasAfter, hasBefore }: { page: number; total: number; estimate: boolean; hasAfter: boolean; hasBefore: boolean },
): ListPage<Row> {
  const keyOf = (r: Row) => keys.map((_, i) => String(r[`_k${i}`]));
  const first = rows[0];
  const last = rows.at(-1);
  return {
    rows,
    page,
    total,
    totalIsEstimate: estimate,
    nextCursor: hasAfter && last ? encodeCursor('after', keyOf(last)) : null,
    prevCursor: hasBefore && first ? encodeCursor('before', keyOf(first)) : null,
  };
}

/** How many of the newest rows (after the cursor) a search looks among first. */
export const SEARCH_AMONG_NEWEST = 2000;

/**
 * A search's page from the newest rows of the list alone, or null when they hold less than a
 * page (the search is rare: keysetPage reads its matches apart). A staff
 * search (`ILIKE '%…%'`) on a large list is misjudged either way by the planner: a common name
 * matches thousands of rows, which its trigram indexes fetch and sort (30–50 ms at a million
 * rows), while walking the date index finds a page among the first thousand rows; a rare one
 * is the other way round. So the newest SEARCH_AMONG_NEWEST rows (after the cursor) are read
 * on the key's index, by a subquery with its own LIMIT that the planner cannot fold into the
 * search, and searched within: a bounded cost (about 2 ms at a million rows), where letting
 * the planner choose read the trigram indexes for a rare name of two words (3-7 ms) only to
 * find too few. The page found there is the page (every newer row was looked at); its total
 * is an estimate, the planner's or the matches' share of the newest rows times the list's
 * size if that is larger, asked for only then.
 */
async function pageAmongNewest<Row extends Record<string, unknown>>(
  db: Db,
  options: KeysetOptions<Row>,
  walk: { cursorBound: SQL | undefined; order: SQL[]; limit: number },
): Promise<{ rows: Row[]; total: number; planned: number } | null> {
  const newest = db
    .select()
    .from(options.table)
    .where(and(options.where, walk.cursorBound))
    .orderBy(...walk.order)
    .limit(SEARCH_AMONG_NEWEST);
  // Named as the table itself, so the search's columns ("leads"."name") are the newest rows' own.
  const matching = sql`(select ${options.id} from ${newest} as ${sql.identifier(getTableName(options.table))} where ${options.searchScan ?? options.search} order by ${sql.join(walk.order, sql`, `)} limit ${walk.limit})`;
  const rows = await options.select({ where: inArray(options.id, matching), orderBy: walk.order, limit: walk.limit });
  if (rows.length < walk.limit) return null;
  // Found: the planner's estimates only for the total (a rare search counts its own, keysetPage).
  const [listSize, searchSize] = await Promise.all([
    plannedRows(db, options.table, options.where),
    plannedRows(db, options.table, and(options.where, options.search)),
  ]);
  return { rows, planned: searchSize, total: Math.max(searchSize, Math.ceil((walk.limit * listSize) / SEARCH_AMONG_NEWEST)) };
}

/**
 * How many rows match. The planner's estimate comes first (EXPLAIN plans the count without
 * running it: about a millisecond): above `limit` it is the answer, flagged as an estimate,
 * so a million rows, or a search matching thousands scattered over the table, are never
 * read to be counted. At or below the limit the rows are counted, and the count stops after
 * limit + 1, so a planner that guessed low costs no more than the limit's worth of rows;
 * past the limit the answer is again an estimate, never below what was counted.
 */
export async function countOrEstimate(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  limit: number,
  /** The planner's estimate when the caller has it already (one EXPLAIN of a trigram search is up to a few milliseconds of planning). */
  known?: number,
): Promise<{ total: number; estimate: boolean }> {
  const planned = known ?? (await plannedRows(db, table, where));
  if (planned > limit) return { total: planned, estimate: true };
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(limit + 1)
    .as('capped');
  const [counted] = await db.select({ n: count() }).from(capped);
  const n = Number(counted?.n ?? 0);
  if (n <= limit) return { total: n, estimate: false };
  return { total: Math.max(n, planned), estimate: true };
}

/** The planner's estimate of the rows of `table` matching `where` (EXPLAIN plans without running: about a millisecond). */
async function plannedRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  return planRows(await db.execute(sql`explain (format json) ${db.select({ one: sql`1` }).from(table).where(where)}`));
}

/** The top node's row estimate from EXPLAIN (FORMAT JSON), as either driver hands it over. */
function planRows(result: unknown): number {
  const rows = (result as { rows?: Record<string, unknown>[] }).rows ?? [];
  let value = rows[0]?.['QUERY PLAN'];
  if (typeof value === 'string') value = JSON.parse(value);
  const estimate = (value as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof estimate === 'number' ? Math.round(estimate) : 0;
}
