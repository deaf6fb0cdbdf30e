import { and, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { UserCreate } from '#src/schemas/user.ts';
import type { Role } from '#src/schemas/roles.ts';
import { accountMessages } from '#src/schemas/user.ts';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { directionOf, type KeyPart, keyColumns, keysetPage, type ListPage, type ListRequest } from '../db/keyset.ts';
import type { CreatedSort } from '#src/schemas/paging.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { HttpError } from '../http/envelope.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { clearLimit, consume, LIMITS } from '../auth/rate-limit.ts';
import { ADMINS_ONLY } from '../auth/session.ts';

export const EMAIL_TAKEN = 'A user with this email address already exists.';
export const NO_SUCH_USER = 'There is no such user.';
const LAST_ADMIN = 'There must always be at least one administrator.';

export type UserRow = typeof users.$inferSelect;

export const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

/** The users list's order: by when each was created, the id deciding between equal moments. */
const USER_ORDER: KeyPart[] = [
  { expr: users.createdAt, type: 'timestamptz' },
  { expr: users.id, type: 'uuid' },
];

/** One page of users matching `where`, newest or oldest first, with its total and cursors (src/server/db/keyset.ts). */
export function listUsers(db: Db, where: SQL | undefined, paging: ListRequest, sort: CreatedSort | '' = ''): Promise<ListPage<UserRow>> {
  return keysetPage(db, {
    table: users,
    id: users.id,
    keys: USER_ORDER,
    direction: directionOf(sort),
    where,
    paging,
    select: (query) =>
      db
        .select({ ...getTableColumns(users), ...keyColumns(USER_ORDER) })
        .from(users)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit),
  });
}

export async function findUser(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new HttpError(404, NO_SUCH_USER);
  return row;
}

/** Any fixed number (the migration lock is 724_113_001): demotions and deletions queue behind it. */
const ADMINISTRATORS_LOCK_KEY = 724_113_002;

/**
 * Takes the administrators' lock until the transaction ends, then lists them. Every demotion
 * and deletion takes it before counting, so two at once run one after the other and the
 * second counts what the first left (under READ COMMITTED the count's snapshot is taken after
 * the lock is granted). One advisory lock rather than `FOR UPDATE` on each administrator's
 * row: rows locked one by one deadlocked when a demotion's target had just stopped being an
 * administrator.
 */
export async function lockAdministrators(tx: Tx): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMINISTRATORS_LOCK_KEY})`);
  // A suspended administrator cannot sign in: they do not count as one who could take over.
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.suspendedAt)));
  return rows.map((row) => row.id);
}

/** Under that lock: the actor must still be an administrator, and `leaving` must not be the last one. */
export function checkAdministrators(admins: string[], actorId: string, leaving: string): void {
  if (!admins.includes(actorId)) throw new HttpError(403, ADMINS_ONLY);
  if (admins.includes(leaving) && admins.length <= 1) throw new HttpError(409, LAST_ADMIN);
}

/**
 * Someone changing their own email or password proves they know the current password. Each
 * try counts against the same lockout as sign-in (counted before the check, cleared on
 * success), so a session is no faster a way to guess the password than the sign-in form.
 */
export async function checkCurrentPassword(db: Db, user: UserRow, given: string): Promise<void> {
  await consume(db, LIMITS.loginFailuresPerAccount, user.email);
  if (!(await verifyPassword(user.passwordHash, given))) {
    throw new HttpError(400, accountMessages.currentPasswordWrong, [{ field: 'currentPassword', message: accountMessages.currentPasswordWrong }]);
  }
  await clearLimit(db, LIMITS.loginFailuresPerAccount, user.email);
}

export async function insertUser(db: Db, input: UserCreate, role: Role): Promise<UserRow> {
  try {
    const [row] = await db
      .insert(users)
      .values({ firstName: input.first_name, lastName: input.last_name, email: input.email, passwordHash: await hashPassword(input.password), role })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
    throw error;
  }
}
