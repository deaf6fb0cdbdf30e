import { and, eq, gt, gte, type Placeholder, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { preparedPerDb } from '../db/prepared.ts';
import { rateLimits } from '../db/schema.ts';
import { HttpError } from '../http/envelope.ts';
import { clientAddress } from '../http/client-address.ts';

/** A budget of `max` hits per window of `seconds`, shared by every app process through the database. */
export type Limit = { name: string; max: number; seconds: number };

/** The limits in force; docs/operations/security.md lists them. */
export const LIMITS = {
  loginPerAddress: { name: 'login:ip', max: 20, seconds: 15 * 60 },
  loginFailuresPerAccount: { name: 'login:account', max: 5, seconds: 15 * 60 },
  resetRequestPerAddress: { name: 'reset:ip', max: 5, seconds: 60 * 60 },
  resetRequestPerAccount: { name: 'reset:account', max: 3, seconds: 60 * 60 },
  resetVerifyPerAddress: { name: 'reset-verify:ip', max: 10, seconds: 60 * 60 },
  emailChangePerAccount: { name: 'email-change:account', max: 5, seconds: 60 * 60 },
  twoFactorFailuresPerAccount: { name: '2fa:account', max: 5, seconds: 15 * 60 },
  twoFactorPerAddress: { name: '2fa:ip', max: 30, seconds: 15 * 60 },
  publicFormPerAddress: { name: 'form:ip', max: 30, seconds: 60 * 60 },
  publicUploadPerAddress: { name: 'upload:ip', max: 20, seconds: 60 * 60 },
  /** Every request made with one API token (docs/how-to/use-the-api-with-a-token.md). */
  apiTokenRequests: { name: 'api-token', max: 120, seconds: 60 },
  /** Invitations an Administrator sends or resends. */
  invitationsPerAccount: { name: 'invite:account', max: 30, seconds: 60 * 60 },
  /** Test mails an Administrator sends themself from the template library. */
  testMailsPerAccount: { name: 'test-mail:account', max: 10, seconds: 60 * 60 },
  /** Opening and accepting invitation links, per address. */
  invitationAcceptPerAddress: { name: 'invite-accept:ip', max: 20, seconds: 60 * 60 },
} as const satisfies Record<string, Limit>;

/** A 429 from a spent budget; it names the limit, so /metrics can count refusals per limit. */
export class RateLimitRefusal extends HttpError {
  readonly limit: string;
  /** Seconds until the budget's window ends. */
  readonly retryAfterSeconds: number;
  constructor(limit: string, retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(429, `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`, [], {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
    this.limit = limit;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The row a limit counts one subject's hits in. */
export const limitKey = (limit: Limit, subject: string) => `${limit.name}:${subject.toLowerCase()}`;

/** What a counted hit gives back: the count so far in this window and the seconds the window has left. */
export type Hit = { hits: number; retryAfter: number };

/** Throws the 429 when a counted hit went past the budget. */
export function refuseOverBudget(limit: Limit, hit: Hit | undefined): void {
  if (hit && hit.hits > limit.max) throw new RateLimitRefusal(limit.name, hit.retryAfter);
}

/**
 * Counts one hit and throws 429 once the budget is spent. The count and the check are one
 * statement (an upsert returning the new count), so hits arriving together are each counted.
 * Failure-only limits (lockouts) count every attempt up front this way and clear the count
 * on success: checking first and counting after the password check would let attempts that
 * arrive together all pass the check.
 */
export async function consume(db: Db, limit: Limit, subject: string): Promise<void> {
  const [row] = await countHit(db).execute({ key: limitKey(limit, subject), seconds: limit.seconds });
  refuseOverBudget(limit, row);
}

/**
 * The upsert that counts a hit and returns it, with the key and window given (placeholders for a
 * prepared statement). consume runs it alone; a form's store statement can run it in a WITH,
 * so the hit, the spending of the human check and the record are one round trip.
 */
export function hitting(db: Db, at: { key: string | Placeholder; seconds: number | Placeholder }) {
  const window = sql`now() + make_interval(secs => ${at.seconds}::int)`;
  return db
    .insert(rateLimits)
    .values({ key: at.key, hits: 1, windowEndsAt: window })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowEndsAt} < now() then 1 else ${rateLimits.hits} + 1 end`,
        windowEndsAt: sql`case when ${rateLimits.windowEndsAt} < now() then ${window} else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning(hitReturned);
}

/** What a statement counting a hit returns (named, so a WITH query's `retry_after` can be read). */
const hitReturned = {
  hits: rateLimits.hits,
  retryAfter: sql<number>`extract(epoch from ${rateLimits.windowEndsAt} - now())::float8`.as('retry_after'),
} satisfies Record<keyof Hit, unknown>;

/**
 * A hit counted only when the budget is already spent in an open window (`max` hits or more):
 * the refusal of an address the public forms refused lately, which adds nothing otherwise.
 */
export const countHitIfSpent = preparedPerDb((db: Db) =>
  db
    .update(rateLimits)
    .set({ hits: sql`${rateLimits.hits} + 1` })
    .where(and(eq(rateLimits.key, sql.placeholder('key')), gt(rateLimits.windowEndsAt, sql`now()`), gte(rateLimits.hits, sql`${sql.placeholder('max')}::int`)))
    .returning(hitReturned)
    .prepare('rate_limit_hit_if_spent'),
);

/**
 * consume's upsert, prepared once per database handle: it runs before every quote request and
 * sign-in, and building it each time was a fifth of the query-building CPU of a contact create
 * (PostgreSQL also keeps the named statement's plan).
 */
const countHit = preparedPerDb((db: Db) => hitting(db, { key: sql.placeholder('key'), seconds: sql.placeholder('seconds') }).prepare('rate_limit_hit'));

export async function clearLimit(db: Db, limit: Limit, subject: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, limitKey(limit, subject)));
}

/** The client's address, for the per-address limits (one source: http/client-address.ts). */
export { clientAddress } from '../http/client-address.ts';

/** A per-address budget as route middleware, placed before the validator (every attempt counts). */
export const limitPerAddress =
  (limit: Limit): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await consume(c.var.db, limit, clientAddress(c, c.var.config.trustProxy));
    await next();
  };
