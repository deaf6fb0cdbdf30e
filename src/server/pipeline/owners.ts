import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { OwnerView } from '#src/schemas/pipeline.ts';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../http/envelope.ts';

export const NO_SUCH_STAFF = 'There is no such member of staff.';
export const OWNER_SUSPENDED = 'That account is suspended: choose someone who can sign in.';

const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

/** Every active member of staff, by name: anyone may own a callback, quote or renewal (a suspended account, none new). */
export async function listOwners(db: Db): Promise<OwnerView[]> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(isNull(users.suspendedAt))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((row) => ({ _id: row.id, name: fullName(row) }));
}

/** The owners a page of records names, by id (one query, beside the list's own). */
export async function ownersOf(db: Db, ids: readonly (string | null)[]): Promise<Map<string, OwnerView>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, { _id: row.id, name: fullName(row) }]));
}

/**
 * Inside a write's transaction: the new owner exists and stays so until the commit (the row is
 * share-locked, so a user deleted meanwhile waits, and its `on delete set null` then frees the
 * record). A 400 on the owner field when there is no such member of staff.
 */
export async function holdOwner(tx: Tx, ownerId: string | null): Promise<OwnerView | null> {
  if (ownerId === null) return null;
  const [row] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, ownerId))
    .for('share');
  if (!row) throw new HttpError(400, NO_SUCH_STAFF, [{ field: 'ownerId', message: NO_SUCH_STAFF }]);
  if (row.suspendedAt) throw new HttpError(400, OWNER_SUSPENDED, [{ field: 'ownerId', message: OWNER_SUSPENDED }]);
  return { _id: row.id, name: fullName(row) };
}
