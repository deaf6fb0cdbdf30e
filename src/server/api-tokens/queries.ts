import { and, eq, getTableColumns, isNotNull, isNull, lte, gt, sql, type SQL } from 'drizzle-orm';
import type { ApiTokenCreate } from '#src/schemas/api-token.ts';
import type { CreatedSort } from '#src/schemas/paging.ts';
import type { Db } from '../db/client.ts';
import { directionOf, type KeyPart, keyColumns, keysetPage, type ListPage, type ListRequest } from '../db/keyset.ts';
import { apiTokens, users } from '../db/schema.ts';
import { HttpError } from '../http/envelope.ts';
import { audit } from '../audit.ts';
import { newApiToken } from './bearer.ts';

export const NO_SUCH_API_TOKEN = 'There is no such API token.';
export const ALREADY_REVOKED = 'This API token has already been revoked.';

export type ApiTokenRow = typeof apiTokens.$inferSelect & { ownerFirstName: string; ownerLastName: string };

const ORDER: KeyPart[] = [
  { expr: apiTokens.createdAt, type: 'timestamptz' },
  { expr: apiTokens.id, type: 'uuid' },
];

const withOwner = { ...getTableColumns(apiTokens), ownerFirstName: users.firstName, ownerLastName: users.lastName };

/** Which tokens a status filter means. */
export function statusFilter(status: '' | 'active' | 'expired' | 'revoked'): SQL | undefined {
  if (status === 'revoked') return isNotNull(apiTokens.revokedAt);
  if (status === 'expired') return and(isNull(apiTokens.revokedAt), lte(apiTokens.expiresAt, sql`now()`));
  if (status === 'active') return and(isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, sql`now()`));
  return undefined;
}

/** One page of tokens, newest or oldest first. */
export function listApiTokens(db: Db, where: SQL | undefined, paging: ListRequest, sort: CreatedSort | '' = ''): Promise<ListPage<ApiTokenRow>> {
  return keysetPage(db, {
    table: apiTokens,
    id: apiTokens.id,
    keys: ORDER,
    direction: directionOf(sort),
    where,
    paging,
    select: (query) =>
      db
        .select({ ...withOwner, ...keyColumns(ORDER) })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit),
  });
}

export async function findApiToken(db: Db, id: string): Promise<ApiTokenRow> {
  const [row] = await db.select(withOwner).from(apiTokens).innerJoin(users, eq(users.id, apiTokens.userId)).where(eq(apiTokens.id, id));
  if (!row) throw new HttpError(404, NO_SUCH_API_TOKEN);
  return row;
}

/** A new token for `userId`; the whole token is answered once and never stored. */
export async function createApiToken(db: Db, userId: string, input: ApiTokenCreate): Promise<{ row: ApiTokenRow; token: string }> {
  const made = newApiToken();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({
        name: input.name,
        lookup: made.lookup,
        secretHash: made.secretHash,
        scopes: input.scopes,
        userId,
        expiresAt: sql`now() + make_interval(days => ${Number(input.expires_in_days)})`,
      })
      .returning();
    await audit(tx, userId, 'api token created', `api-token:${row!.id}`, { scopes: input.scopes, days: Number(input.expires_in_days) });
    const [owner] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
    return { row: { ...row!, ownerFirstName: owner!.firstName, ownerLastName: owner!.lastName }, token: made.token };
  });
}

/** Revokes a token at once; a second revoke is a 409. */
export async function revokeApiToken(db: Db, actorId: string, id: string): Promise<ApiTokenRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    if (!row) {
      await findApiToken(tx, id);
      throw new HttpError(409, ALREADY_REVOKED);
    }
    await audit(tx, actorId, 'api token revoked', `api-token:${id}`);
    return findApiToken(tx, id);
  });
}
