import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

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
