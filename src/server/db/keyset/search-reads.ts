import { and, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { countOrEstimate, plannedRows } from '../list-count.ts';
import type { KeysetOptions, SearchPart } from './types.ts';

/**
 * The reads a staff search's page is made of (search-page.ts puts them together): among the
 * list's newest rows, from the search's matches read apart, or part by part; and its total.
 */

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
export async function rareRead<Row extends Record<string, unknown>>(
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
export async function partsRead<Row extends Record<string, unknown>>(
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
export async function pageAmongNewest<Row extends Record<string, unknown>>(
  options: KeysetOptions<Row>,
  walk: { cursorBound: SQL | undefined; order: SQL[]; limit: number },
): Promise<Row[]> {
  const matching = sql`(select ${options.id} from ${newestRows(options, walk.cursorBound, walk.order)} where ${options.searchScan ?? options.search} order by ${sql.join(walk.order, sql`, `)} limit ${walk.limit})`;
  return options.select({ where: inArray(options.id, matching), orderBy: walk.order, limit: walk.limit });
}

/** How many of the list's rows lie past `bound` in `order`, counted up to SEARCH_AMONG_NEWEST (on the key's index). */
export async function rowsPast<Row extends Record<string, unknown>>(db: Db, options: KeysetOptions<Row>, bound: SQL, order: SQL[]): Promise<number> {
  const result = await db.execute(sql`select ${newestCount(options, bound, order)} as n`);
  return Number((result as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0);
}

/** How many rows the newest SEARCH_AMONG_NEWEST past `bound` are (fewer: the list ends there), read on the key's index. */
const newestCount = <Row extends Record<string, unknown>>(options: KeysetOptions<Row>, bound: SQL | undefined, order: SQL[]) =>
  sql`(select count(*) from (select 1 from ${options.table} where ${and(options.where, bound) ?? sql`true`} order by ${sql.join(order, sql`, `)} limit ${SEARCH_AMONG_NEWEST}) as counted)`;

/** The ids of the search's next matches past `past`, read apart from the key's index (`offset 0`), as rareRead reads a rare search's. */
export async function matchesPast<Row extends Record<string, unknown>>(
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
export async function windowAmongNewest<Row extends Record<string, unknown>>(
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
export async function searchTotal<Row extends Record<string, unknown>>(
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
