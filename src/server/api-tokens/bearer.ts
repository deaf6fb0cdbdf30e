import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { API_TOKEN_PREFIX, type ApiTokenScope } from '#src/schemas/api-token.ts';
import type { AppEnv } from '../app-env.ts';
import { randomToken, sha256 } from '../auth/crypto.ts';
import { consume, LIMITS } from '../auth/rate-limit.ts';
import { apiTokens, users } from '../db/schema.ts';
import { HttpError } from '../http/envelope.ts';

export const TOKEN_NOT_VALID = 'This API token is not valid, has expired or has been revoked.';
export const TOKEN_LACKS_SCOPE = 'This API token does not have the scope this endpoint needs.';
export const TOKEN_NOT_HERE = 'An API token cannot be used on this endpoint.';

/** A new token: `sci_<lookup>_<secret>`, the lookup to find its row and the secret kept only as a hash. */
export function newApiToken(): { token: string; lookup: string; secretHash: string } {
  const lookup = randomToken(9);
  const secret = randomToken(32);
  return { token: `${API_TOKEN_PREFIX}${lookup}_${secret}`, lookup, secretHash: sha256(secret) };
}

/** The token in `Authorization: Bearer …`, if the request sent one (any other scheme is not ours). */
export function bearerOf(c: Context<AppEnv>): string | null {
  const header = c.req.header('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1]! : null;
}

/** The token's parts, or null when it is not one of ours. */
function partsOf(token: string): { lookup: string; secret: string } | null {
  const match = /^sci_([A-Za-z0-9_-]{12})_([A-Za-z0-9_-]{43})$/.exec(token);
  return match ? { lookup: match[1]!, secret: match[2]! } : null;
}

/** Hashes compared in constant time, so the time taken tells nothing about how much matched. */
function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Lets an API token reach this route when it has `scope`: placed before the route's role guard,
 * it signs the request in as the token's maker for this request only (no cookie, no session
 * row), so the guard then holds the token to the maker's current role. A route without it
 * never sees a token's maker: a token reaches nothing else (requireStaff says so with a 403).
 * A request with no bearer token goes on to the usual session checks.
 */
export function tokenScope(scope: ApiTokenScope): MiddlewareHandler<AppEnv> & { apiTokenScope: ApiTokenScope } {
  const handler: MiddlewareHandler<AppEnv> = async (c, next) => {
    const token = bearerOf(c);
    if (token === null) return next();
    const parts = partsOf(token);
    if (!parts) throw new HttpError(401, TOKEN_NOT_VALID);
    const { db } = c.var;
    const [row] = await db
      .select({ token: apiTokens, user: users })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(and(eq(apiTokens.lookup, parts.lookup), isNull(apiTokens.revokedAt), sql`${apiTokens.expiresAt} > now()`, isNull(users.suspendedAt)));
    if (!row || !sameHash(row.token.secretHash, sha256(parts.secret))) throw new HttpError(401, TOKEN_NOT_VALID);
    await consume(db, LIMITS.apiTokenRequests, row.token.id);
    if (!row.token.scopes.includes(scope)) throw new HttpError(403, TOKEN_LACKS_SCOPE);
    await db.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.id, row.token.id));
    c.set('session', { id: `api-token:${row.token.id}`, stage: 'full', user: row.user, apiTokenId: row.token.id });
    await next();
  };
  // Named on the handler, so a walk of the router's routes can tell which ones a token reaches.
  return Object.assign(handler, { apiTokenScope: scope });
}

/** requireStaff's refusal when a bearer token reached a route it has no scope for. */
export function refuseStrayToken(c: Context<AppEnv>): void {
  if (bearerOf(c) !== null) throw new HttpError(403, TOKEN_NOT_HERE);
}
