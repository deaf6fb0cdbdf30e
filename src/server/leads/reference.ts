import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { referenceCounters } from '../db/schema.ts';

/**
 * The next human reference for a prefix in the current year (e.g. VQ-2026-000123), and the
 * moment its request is made (its created_at). The counter row is bumped in the caller's
 * transaction, so two requests never share a number and a rolled-back request gives its
 * number back; the row stays locked until the request is stored, so the next number waits.
 *
 * The moment is taken then, under that lock, and is always later than the last number's
 * (by a microsecond at least, should the clock step back): within a prefix and year, the
 * order of the numbers is the order of the requests, which a search for a run of references
 * reads straight from the reference's index (leads/queries.ts). Taken at the start of the
 * transaction instead (the column's default), a request that began first but waited for the
 * lock would have the later number and the earlier moment.
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
    // As text: a JavaScript Date would drop the microseconds that keep the order.
    .returning({ last: referenceCounters.last, lastAt: sql<string>`${referenceCounters.lastAt}::text` });
  return { reference: `${prefix}-${year}-${String(row!.last).padStart(6, '0')}`, createdAt: sql`${row!.lastAt}::timestamptz` };
}
