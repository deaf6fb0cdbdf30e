import { and, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { beyond, type Cursor, keyRow, pageOf } from './cursor.ts';
import { pageByKeySpread, walkedIds } from './deep-page.ts';
import { keyStatistics } from './key-spread.ts';
import { matchesPast, pageAmongNewest, partsRead, rareRead, rowsPast, SEARCH_AMONG_NEWEST, searchTotal, windowAmongNewest } from './search-reads.ts';
import type { KeysetOptions, ListPage } from './types.ts';

export type SearchContext = {
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

type Counted = { total: number; estimate: boolean };

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
export async function searchPage<Row extends Record<string, unknown>>(db: Db, options: KeysetOptions<Row>, context: SearchContext): Promise<ListPage<Row>> {
  const read = new SearchRead(db, options, context);
  if (context.cursor?.rare) return read.rarePage(0);
  if (read.offset === 0) return pageFromCursor(read);
  return numberedPage(read);
}

/** The first page, or the page after or before a cursor: among the newest rows past it, else read apart. */
async function pageFromCursor<Row extends Record<string, unknown>>(read: SearchRead<Row>): Promise<ListPage<Row>> {
  const found = await pageAmongNewest(read.options, { cursorBound: read.past, order: read.order, limit: read.size + 1 });
  if (found.length > read.size) return read.answer(found, await read.total());
  if (read.past === undefined) return read.rarePage(0);
  // Past a cursor: fewer than SEARCH_AMONG_NEWEST rows lie past it (the first page again, or the search's end), and those found are all;
  // else a stretch the search is sparse in, whose matches past the cursor are read apart.
  const rows =
    (await rowsPast(read.db, read.options, read.past, read.order)) < SEARCH_AMONG_NEWEST
      ? found
      : await read.rowsOf(await matchesPast(read.db, read.options, { where: read.where, past: read.past, order: read.order, limit: read.size + 1 }));
  return read.answer(rows, await read.total());
}

/** A numbered page: among the newest rows if they reach it; if they hold less than a page, the search is rare; deeper, by the key's spread. */
async function numberedPage<Row extends Record<string, unknown>>(read: SearchRead<Row>): Promise<ListPage<Row>> {
  const { db, options, offset, size } = read;
  const window = await windowAmongNewest(db, options, { order: read.order, limit: size + 1, offset });
  const onPage = window.ids.slice(offset);
  if (onPage.length > size) return read.answer(await read.rowsOf(onPage), await read.total());
  if (window.ids.length <= size || window.rows < SEARCH_AMONG_NEWEST) return read.rarePage(offset);
  const stats = keyStatistics(db, options);
  // Awaited below; if the total's reading fails first, this one's failure must not go unhandled meanwhile.
  stats.catch(() => undefined);
  const counted = await read.total();
  // Counted exactly: no more matches than the exact-count limit, read at once.
  if (!counted.estimate) return read.rarePage(offset, counted);
  if (offset < window.ids.length) {
    // The page begins among the newest rows' matches: those, then the next matches after them.
    const start = await read.rowsOf(onPage);
    return read.answer([...start, ...(await read.onFrom(read.after(start.at(-1)!), size + 1 - start.length))], counted);
  }
  // Deeper: where its share of the total puts it (the key's spread), never among the matches
  // seen (a shallow page's place follows them), or without statistics by walking the index.
  // The window's ids are all its matches unless the page was beyond its reach (then only the first page's worth).
  const [seen] = offset + size + 1 > SEARCH_AMONG_NEWEST ? [] : await read.rowsOf(window.ids.slice(-1));
  const { where, forward, backward } = read.context;
  const deep = await pageByKeySpread(db, options, { where, forward, backward }, offset, counted, {
    stats,
    seen: seen && { moment: String(seen._k0), bound: read.after(seen) },
    read: (from, need) => read.onFrom(from, need),
  });
  if (deep)
    return pageOf(options.keys, deep.rows, { page: options.paging.page, total: counted.total, estimate: true, hasAfter: deep.hasAfter, hasBefore: true });
  return read.answer(
    await options.select({ where: and(where, walkedIds(db, options, where, forward, offset)), orderBy: read.order, limit: size + 1 }),
    counted,
  );
}

/** One search's read: the direction it goes, the rows past its cursor, and how its answer is made from rows read. */
class SearchRead<Row extends Record<string, unknown>> {
  readonly size: number;
  /** Reading backwards: the page before a cursor. */
  readonly backwards: boolean;
  /** The order rows are read in: the list's, or its reverse going backwards. */
  readonly order: SQL[];
  /** The rows past the cursor, in the direction read. */
  readonly past: SQL | undefined;
  /** How many matches a numbered page skips (0 with a cursor). */
  readonly offset: number;
  readonly where: SQL | undefined;
  private readonly up: boolean;

  readonly db: Db;
  readonly options: KeysetOptions<Row>;
  readonly context: SearchContext;

  constructor(db: Db, options: KeysetOptions<Row>, context: SearchContext) {
    this.db = db;
    this.options = options;
    this.context = context;
    const { cursor, bound, exprs, forward, backward } = context;
    this.size = options.paging.page_size;
    this.up = options.direction === 'asc';
    this.backwards = cursor?.direction === 'before';
    this.order = this.backwards ? backward : forward;
    this.past = bound === undefined ? undefined : beyond(exprs, bound, this.backwards === this.up);
    this.offset = cursor === undefined ? options.paging.page * this.size : 0;
    this.where = context.where;
  }

  /** The search's total, the same on every page of it (searchTotal). */
  total(): Promise<Counted> {
    return searchTotal(this.db, this.options, this.where);
  }

  /** The answer from rows read in `order`, up to one more than a page. */
  answer(found: Row[], counted: Counted, { rare = false } = {}): ListPage<Row> {
    const more = found.length > this.size;
    const rows = this.backwards ? found.slice(0, this.size).reverse() : found.slice(0, this.size);
    return pageOf(this.options.keys, rows, {
      page: this.options.paging.page,
      total: counted.total,
      estimate: counted.estimate,
      hasAfter: this.backwards ? true : more,
      hasBefore: this.backwards ? more : this.context.cursor !== undefined || this.offset > 0,
      rare,
    });
  }

  /** The rows of these ids, in the order read. */
  async rowsOf(ids: string[]): Promise<Row[]> {
    return ids.length ? this.options.select({ where: inArray(this.options.id, ids), orderBy: this.order, limit: this.size + 1 }) : [];
  }

  /** The rows after `last` (a row read, with its key columns) in the order read. */
  after(last: Row): SQL {
    const { keys } = this.options;
    const values = keys.map((_, i) => String(last[`_k${i}`]));
    return beyond(this.context.exprs, keyRow(keys, values), this.backwards === this.up);
  }

  /** `need` rows from `from` on: among the newest rows there, else as the planner chooses (a stretch of the list the search is sparse in). */
  async onFrom(from: SQL | undefined, need: number): Promise<Row[]> {
    const rows = await pageAmongNewest(this.options, { cursorBound: from, order: this.order, limit: need });
    return rows.length === need ? rows : this.options.select({ where: and(this.where, from), orderBy: this.order, limit: need });
  }

  /** A rare search's page from its matches, with their exact total; its cursors are marked rare. */
  async rarePage(skip: number, total?: Counted): Promise<ListPage<Row>> {
    const { db, options, past, order } = this;
    if (options.searchParts) {
      // Many matches expected: each part's first rows in the list's order, not every match read and counted.
      const counted = total ?? (await this.total());
      if (counted.estimate) {
        const ids = await partsRead(db, options, {
          parts: options.searchParts,
          past,
          order,
          descending: this.up === this.backwards,
          offset: skip,
          limit: this.size + 1,
        });
        // Less than a page from the first match on: every match, counted (the estimate holds only for a search the newest rows hold).
        const all = skip === 0 && past === undefined && ids.length <= this.size;
        return this.answer(await this.rowsOf(ids), all ? { total: ids.length, estimate: false } : counted);
      }
    }
    const read = await rareRead(db, options, { where: this.where, past, order, offset: skip, limit: this.size + 1 });
    // Many matches, none of them among the newest rows (last year's references): the total every other page of it gives, and no mark.
    if (read.total > options.paging.exactCountLimit) return this.answer(await this.rowsOf(read.ids), await this.total());
    return this.answer(await this.rowsOf(read.ids), { total: read.total, estimate: false }, { rare: true });
  }
}
