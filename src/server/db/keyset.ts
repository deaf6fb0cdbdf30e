import { and, count, inArray, sql, type SQL } from 'drizzle-orm';
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
 * - **Page numbers** stay exactly as the spec has them: `?page=n` without a cursor skips
 *   n × page_size rows. The skipping walks the key's index only (the ids of the page are
 *   found first, then only their rows are read), so a deep page costs index entries rather
 *   than table rows. `?cursor=last` answers the last page from the other end.
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
  const { keys, paging, where } = options;
  const size = paging.page_size;
  const cursor = paging.cursor ? decodeCursor(paging.cursor, keys) : undefined;
  const exprs = keys.map((key) => sql`${key.expr}`);
  // The list's own order (forward) and its reverse (backward, to read a page before a cursor or the last page).
  const up = options.direction === 'asc';
  const forward = exprs.map((expr) => (up ? sql`${expr} asc` : sql`${expr} desc`));
  const backward = exprs.map((expr) => (up ? sql`${expr} desc` : sql`${expr} asc`));
  const countPromise = countOrEstimate(db, options.table, where, paging.exactCountLimit);
  // Awaited below, after the rows; if reading the rows fails first (a lost connection), the
  // count's own failure must not go unhandled meanwhile, which would end the process.
  countPromise.catch(() => undefined);

  let rows: Row[];
  let hasBefore: boolean;
  let hasAfter: boolean;
  let page = paging.page;
  if (cursor === undefined) {
    // By page number: the page's ids from the key's index alone, then their rows.
    const offset = paging.page * size;
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
  } else {
    const bound = row(cursor.values.map((value, i) => sql`${value}::${sql.raw(keys[i]!.type)}`));
    // Rows after the cursor in the list's order: smaller keys newest first, larger oldest first.
    const after = up ? sql`${row(exprs)} > ${bound}` : sql`${row(exprs)} < ${bound}`;
    const before = up ? sql`${row(exprs)} < ${bound}` : sql`${row(exprs)} > ${bound}`;
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
  }
  const { total, estimate } = await countPromise;
  if (cursor === 'last') page = Math.max(0, Math.ceil(total / size) - 1);
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

/**
 * How many rows match. The planner's estimate comes first (EXPLAIN plans the count without
 * running it: about a millisecond): above `limit` it is the answer, flagged as an estimate,
 * so a million rows, or a search matching thousands scattered over the table, are never
 * read to be counted. At or below the limit the rows are counted, and the count stops after
 * limit + 1, so a planner that guessed low costs no more than the limit's worth of rows;
 * past the limit the answer is again an estimate, never below what was counted.
 */
export async function countOrEstimate(db: Db, table: PgTable, where: SQL | undefined, limit: number): Promise<{ total: number; estimate: boolean }> {
  const plan = await db.execute(sql`explain (format json) ${db.select({ one: sql`1` }).from(table).where(where)}`);
  const planned = planRows(plan);
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

/** The top node's row estimate from EXPLAIN (FORMAT JSON), as either driver hands it over. */
function planRows(result: unknown): number {
  const rows = (result as { rows?: Record<string, unknown>[] }).rows ?? [];
  let value = rows[0]?.['QUERY PLAN'];
  if (typeof value === 'string') value = JSON.parse(value);
  const estimate = (value as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof estimate === 'number' ? Math.round(estimate) : 0;
}
