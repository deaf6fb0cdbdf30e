import { count, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * How many rows match. The planner's estimate comes first (EXPLAIN plans the count without
 * running it: about a millisecond): above `limit` it is the answer, flagged as an estimate,
 * so a million rows, or a search matching thousands scattered over the table, are never
 * read to be counted. At or below the limit the rows are counted, and the count stops after
 * limit + 1, so a planner that guessed a little low costs no more than the limit's worth
 * of rows; past the limit the answer is again an estimate, never below what was counted.
 */
export async function countOrEstimate(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  limit: number,
  /** The planner's estimate when the caller has it already (one EXPLAIN of a trigram search is up to a few milliseconds of planning). */
  known?: number,
): Promise<{ total: number; estimate: boolean }> {
  // Without statistics (a table never analysed: the embedded database runs no ANALYZE) the
  // planner's figure is no guide: 20,000 sent mails were planned as 3, and shown as "about
  // 501". Then the rows are counted, up to RECOUNT_TIMES the limit; above the limit the total
  // is still flagged as an estimate, as every total above it is.
  if (!(await hasStatistics(db, table))) {
    const n = await countedUpTo(db, table, where, limit * RECOUNT_TIMES);
    return { total: n, estimate: n > limit };
  }
  const planned = known ?? (await plannedRows(db, table, where));
  if (planned > limit) return { total: planned, estimate: true };
  const n = await countedUpTo(db, table, where, limit + 1);
  if (n <= limit) return { total: n, estimate: false };
  return { total: Math.max(n, planned), estimate: true };
}

/** How far past the limit the rows of a table without statistics are counted. */
const RECOUNT_TIMES = 100;

/** Tables known to have statistics, by database: once measured, a table stays so. */
const measured = new WeakMap<Db, Set<string>>();

/** Whether ANALYZE (or autovacuum's) has measured `table`: PostgreSQL keeps -1 tuples for one it never has. */
async function hasStatistics(db: Db, table: PgTable): Promise<boolean> {
  const name = getTableName(table);
  let known = measured.get(db);
  if (known?.has(name)) return true;
  const result = await db.execute(sql`select reltuples from pg_class where oid = to_regclass(${name})`);
  const [row] = (result as unknown as { rows: { reltuples: number | string }[] }).rows;
  if (Number(row?.reltuples ?? -1) < 0) return false;
  if (!known) {
    known = new Set();
    measured.set(db, known);
  }
  known.add(name);
  return true;
}

/** The rows of `table` matching `where`, counted up to `cap` (a scan that stops there). */
async function countedUpTo(db: Db, table: PgTable, where: SQL | undefined, cap: number): Promise<number> {
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(cap)
    .as('capped');
  const [counted] = await db.select({ n: count() }).from(capped);
  return Number(counted?.n ?? 0);
}

/** The planner's estimate of the rows of `table` matching `where` (EXPLAIN plans without running: about a millisecond). */
export async function plannedRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
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
