import type { Db, Tx } from './db/client.ts';
import { auditLog } from './db/schema.ts';

/** Records who did what; written in the same transaction as the change where there is one. */
export async function audit(db: Db | Tx, actorId: string | null, action: string, target: string | null, details?: Record<string, unknown>): Promise<void> {
  await db.insert(auditLog).values({ actorId, action, target, details: details ?? null });
}
