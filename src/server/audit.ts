import type { Db, Tx } from './db/client.ts';
import { auditLog } from './db/schema.ts';

/** Records who did what; written in the same transaction as the change where there is one. */
export async function audit(db: Db | Tx, actorId: string | null, action: string, target: string | null, details?: Record<string, unknown>): Promise<void> {
  await db.insert(auditLog).values({ actorId, action, target, details: details ?? null });
}

/** One entry per record a bulk action changed, in one statement (inside the action's transaction). */
export async function auditEach(
  db: Db | Tx,
  actorId: string | null,
  action: string,
  targets: readonly string[],
  details?: Record<string, unknown>,
): Promise<void> {
  if (targets.length === 0) return;
  await db.insert(auditLog).values(targets.map((target) => ({ actorId, action, target, details: details ?? null })));
}
