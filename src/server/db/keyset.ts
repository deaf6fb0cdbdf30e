import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { badCursor, beyond, type Cursor, decodeCursor, keyRow, pageOf } from './keyset/cursor.ts';
import { DEEP_OFFSET_WALKED, pageByKeySpread, walkedIds } from './keyset/deep-page.ts';
import { searchPage } from './keyset/search-page.ts';
import { searchTotal } from './keyset/search-reads.ts';
import type { KeysetOptions, ListPage } from './keyset/types.ts';
import { countOrEstimate } from './list-count.ts';

/**
 * Paging for the staff lists, one way for every list (contacts, quotes and renewals, users,
 * posts, the audit log, mail, media…), so that none of them slows down at a million rows.
 * The idea, with a picture, is in docs/paging.md; the parts are in ./keyset/:
 *
 * - **Keyset paging.** A list's order is a sort key whose last part is unique (the id), so the
 *   order is total even when rows share a moment. Each answer carries cursors naming its first
 *   and last rows (cursor.ts); `?cursor=` asks for the rows after (next) or before (previous)
 *   one, which an index on the key finds at once however deep.
 * - **Page numbers** stay as the spec has them: `?page=n` without a cursor skips n × page_size
 *   rows by walking the key's index only, up to DEEP_OFFSET_WALKED rows; deeper in a list too
 *   large to count, the page is placed where the key's spread puts it (deep-page.ts).
 *   `?cursor=last` answers the last page from the other end.
 * - **Searches** have their own way (search-page.ts).
 * - **Totals**: exact up to `exactCountLimit` rows, the planner's estimate above it
 *   (`total_is_estimate: true`, "about N"); see countOrEstimate.
 */

export { keyColumns } from './keyset/cursor.ts';
export {
  directionOf,
  type KeyPart,
  type KeysetOptions,
  type ListFilter,
  type ListPage,
  type ListQuery,
  type ListRequest,
  listRequest,
  type SearchPart,
} from './keyset/types.ts';

type Counted = { total: number; estimate: boolean };
type Read<Row> = { rows: Row[]; hasBefore: boolean; hasAfter: boolean };

/** The list's order (forward) and its reverse (backward: to read a page before a cursor, or the last page). */
type Orders = { exprs: SQL[]; forward: SQL[]; backward: SQL[] };

function ordersOf<Row extends Record<string, unknown>>(options: KeysetOptions<Row>): Orders {
  const up = options.direction === 'asc';
  const exprs = options.keys.map((key) => sql`${key.expr}`);
  return {
    exprs,
    forward: exprs.map((expr) => (up ? sql`${expr} asc` : sql`${expr} desc`)),
    backward: exprs.map((expr) => (up ? sql`${expr} desc` : sql`${expr} asc`)),
  };
}

/** One page of a list, its cursors and its total (exact, or estimated above the limit). */
export async function keysetPage<Row extends Record<string, unknown>>(db: Db, options: KeysetOptions<Row>): Promise<ListPage<Row>> {
  const { keys, paging } = options;
  const where = and(options.where, options.search);
  const cursor = paging.cursor ? decodeCursor(paging.cursor, keys) : undefined;
  const orders = ordersOf(options);
  const bound = cursor && cursor !== 'last' ? keyRow(keys, cursor.values) : undefined;

  // A search: its own way (searchPage), but to the last page, which is read from the end.
  if (options.search !== undefined && cursor !== 'last') return searchPage(db, options, { cursor, bound, where, ...orders });

  // A search's last page gives the same total as its other pages (searchTotal).
  const countPromise = options.search !== undefined ? searchTotal(db, options, where) : countOrEstimate(db, options.table, where, paging.exactCountLimit);
  // Awaited below, after the rows; if reading the rows fails first (a lost connection), the
  // count's own failure must not go unhandled meanwhile, which would end the process.
  countPromise.catch(() => undefined);

  let read: Read<Row>;
  if (cursor === undefined) read = await pageByNumber(db, options, where, orders, countPromise);
  else if (cursor === 'last') read = await lastPage(options, where, orders, await countPromise);
  else if (bound) read = await pageFromCursor(options, where, orders, cursor, bound);
  else throw badCursor();

  const { total, estimate } = await countPromise;
  const page = cursor === 'last' ? Math.max(0, Math.ceil(total / paging.page_size) - 1) : paging.page;
  return pageOf(keys, read.rows, { page, total, estimate, hasAfter: read.hasAfter, hasBefore: read.hasBefore });
}

/** `?page=n`: the page's ids from the key's index alone, then their rows; deep in a large list, where the key's spread puts it. */
async function pageByNumber<Row extends Record<string, unknown>>(
  db: Db,
  options: KeysetOptions<Row>,
  where: SQL | undefined,
  { forward, backward }: Orders,
  counting: Promise<Counted>,
): Promise<Read<Row>> {
  const size = options.paging.page_size;
  const offset = options.paging.page * size;
  if (offset > DEEP_OFFSET_WALKED) {
    const placed = await pageByKeySpread(db, options, { where, forward, backward }, offset, await counting);
    if (placed) return { rows: placed.rows, hasAfter: placed.hasAfter, hasBefore: true };
  }
  const bounded = offset > 0 ? and(where, walkedIds(db, options, where, forward, offset)) : where;
  const found = await options.select({ where: bounded, orderBy: forward, limit: size + 1 });
  return { rows: found.slice(0, size), hasAfter: found.length > size, hasBefore: offset > 0 };
}

/**
 * `?cursor=last`: the last page as the page numbers have it (the rows left over) when the total
 * is exact; a full page from the end when it is an estimate.
 */
async function lastPage<Row extends Record<string, unknown>>(
  options: KeysetOptions<Row>,
  where: SQL | undefined,
  { backward }: Orders,
  { total, estimate }: Counted,
): Promise<Read<Row>> {
  const size = options.paging.page_size;
  const take = estimate || total === 0 ? size : total - (Math.ceil(total / size) - 1) * size;
  const found = await options.select({ where, orderBy: backward, limit: take + 1 });
  return { rows: found.slice(0, take).reverse(), hasBefore: found.length > take, hasAfter: false };
}

/** The page after or before a cursor: past its key in the list's order (smaller keys newest first, larger oldest first). */
async function pageFromCursor<Row extends Record<string, unknown>>(
  options: KeysetOptions<Row>,
  where: SQL | undefined,
  { exprs, forward, backward }: Orders,
  cursor: Exclude<Cursor, 'last'>,
  bound: SQL,
): Promise<Read<Row>> {
  const size = options.paging.page_size;
  const up = options.direction === 'asc';
  if (cursor.direction === 'after') {
    const found = await options.select({ where: and(where, beyond(exprs, bound, !up)), orderBy: forward, limit: size + 1 });
    return { rows: found.slice(0, size), hasAfter: found.length > size, hasBefore: true };
  }
  const found = await options.select({ where: and(where, beyond(exprs, bound, up)), orderBy: backward, limit: size + 1 });
  return { rows: found.slice(0, size).reverse(), hasBefore: found.length > size, hasAfter: true };
}
