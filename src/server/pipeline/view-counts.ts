import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { VIEW_COUNT_CAP, type ViewCounts } from '#src/schemas/pipeline.ts';
import type { Db } from '../db/client.ts';
import { overdue } from './follow-ups.ts';

/** The columns of a pipeline table the views read. */
type PipelineTable = { table: PgTable; ownerId: AnyPgColumn; status: AnyPgColumn; nextStepDue: AnyPgColumn };

/**
 * How many records each pipeline view holds ('Mine', 'Unassigned', 'New', 'Overdue'), within
 * `scope` (the quotes' or the renewals' kinds), in one statement. Each count stops at
 * VIEW_COUNT_CAP rows, so on a table of a million it reads at most that many entries of the
 * view's own index rather than every row: a count at the cap reads "1,000+".
 */
export async function pipelineViewCounts(db: Db, on: PipelineTable, scope: SQL | undefined, me: string, finished: string): Promise<ViewCounts> {
  const capped = (condition: SQL | undefined) =>
    sql`(select count(*)::int from (select 1 from ${on.table} where ${and(scope, condition) ?? sql`true`} limit ${VIEW_COUNT_CAP}) as counted)`;
  const result = await db.execute(sql`select
    ${capped(eq(on.ownerId, me))} as mine,
    ${capped(isNull(on.ownerId))} as unassigned,
    ${capped(eq(on.status, 'new'))} as new,
    ${capped(overdue(on.nextStepDue, on.status, finished))} as overdue`);
  const [row] = (result as unknown as { rows: Record<keyof ViewCounts, number | string>[] }).rows;
  return {
    mine: Number(row?.mine ?? 0),
    unassigned: Number(row?.unassigned ?? 0),
    new: Number(row?.new ?? 0),
    overdue: Number(row?.overdue ?? 0),
  };
}
