import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import { referenceCounters } from '../db/schema.ts';

/** The digits of a reference's number (VQ-2026-000123): up to 999,999 requests of a kind a year sort by their text. */
export const REFERENCE_DIGITS = 6;

/**
 * The next human reference for a prefix in the current year (e.g. VQ-2026-000123), and the
 * moment its request is made (its created_at). The counter row is bumped in the caller's
 * transaction, so two requests never share a number and a rolled-back request gives its
 * number back; the row stays locked until the request is stored, so the next number waits.
 *
 * The moment is taken then, under that lock, and is always later than the last number's
 * (by a microsecond at least, should the clock step back; a clock that jumped ahead and came
 * back leaves the year's next moments a microsecond apart until it catches up): within a
 * prefix and year, the order of the numbers is the order of the requests, which a search for
 * a run of references reads straight from the reference's index (leads/queries.ts). Taken at
 * the start of the transaction instead (the column's default), a request that began first
 * but waited for the lock would have the later number and the earlier moment (migration 0017
 * put the requests made before it in order).
 */
export async function nextReference(tx: Tx, prefix: string, now = new Date()): Promise<{ reference: string; createdAt: SQL }> {
  const year = now.getUTCFullYear();
  const [row] = await tx
    .insert(referenceCounters)
    .values({ prefix, year, last: 1, lastAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: [referenceCounters.prefix, referenceCounters.year],
      set: {
        last: sql`${referenceCounters.last} + 1`,
        lastAt: sql`greatest(clock_timestamp(), ${referenceCounters.lastAt} + interval '1 microsecond')`,
      },
    })
    .returning({ last: referenceCounters.last });
  // Read back in the statement that stores the request (this transaction sees its own update):
  // as text or a JavaScript Date it would depend on the session's DateStyle or lose its microseconds.
  return {
    reference: `${prefix}-${year}-${String(row!.last).padStart(REFERENCE_DIGITS, '0')}`,
    createdAt: seriesCounter(referenceCounters.lastAt, prefix, year),
  };
}

/** A column of a series' counter row (prefix and year), as a subquery: null when no number was given yet. */
export const seriesCounter = (column: AnyPgColumn, prefix: string, year: number): SQL =>
  sql`(select ${column} from ${referenceCounters} where ${and(eq(referenceCounters.prefix, prefix), eq(referenceCounters.year, year))})`;
