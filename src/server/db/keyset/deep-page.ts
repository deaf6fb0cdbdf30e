import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { fromShare, type KeyStatistics, keyStatistics } from './key-spread.ts';
import type { KeysetOptions } from './types.ts';

/** Deep numbered pages: skipping by the key's index, or placing the page by the key's spread (see docs/paging.md). */

/** The ids of a numbered page, a page and one more from `offset`, found by walking the key's index: the rows read after them are only theirs. */
export function walkedIds<Row extends Record<string, unknown>>(
  db: Db,
  options: KeysetOptions<Row>,
  where: SQL | undefined,
  forward: SQL[],
  offset: number,
): SQL {
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
export async function pageByKeySpread<Row extends Record<string, unknown>>(
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
