import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { referenceCounters } from '../db/schema.ts';

/**
 * The next human reference for a prefix in the current year, e.g. VQ-2026-000123. The
 * counter row is bumped in the caller's transaction, so two requests never share a number
 * and a rolled-back request gives its number back.
 */
export async function nextReference(tx: Tx, prefix: string, now = new Date()): Promise<string> {
  const year = now.getUTCFullYear();
  const [row] = await tx
    .insert(referenceCounters)
    .values({ prefix, year, last: 1 })
    .onConflictDoUpdate({ target: [referenceCounters.prefix, referenceCounters.year], set: { last: sql`${referenceCounters.last} + 1` } })
    .returning({ last: referenceCounters.last });
  return `${prefix}-${year}-${String(row!.last).padStart(6, '0')}`;
}
