import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import { consume, countHitIfSpent, LIMITS, type Limit, limitKey, RateLimitRefusal, refuseOverBudget } from './rate-limit.ts';

/** The public forms' budget: LIMITS' default, or the FORM_RATE_LIMIT setting. */
export const publicFormLimit = (perHour: number | undefined): Limit =>
  perHour === undefined ? LIMITS.publicFormPerAddress : { ...LIMITS.publicFormPerAddress, max: perHour };

/** The budget and the row of the client's hits (one per address, shared by every public form). */
function formBudget(c: Context<AppEnv>): { limit: Limit; key: string } {
  const { config } = c.var;
  const limit = publicFormLimit(config.formRateLimit);
  return { limit, key: limitKey(limit, clientAddress(c, config.trustProxy)) };
}

/**
 * The public forms' budget as route middleware, placed before the body's validator: every
 * submission counts, a malformed one too (the quote and renewal forms).
 */
export const publicFormRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, config } = c.var;
  await consume(db, publicFormLimit(config.formRateLimit), clientAddress(c, config.trustProxy));
  await next();
};

/** A public form's hit for its store statement to count: the limit, the row's key and window, and what to call once counted. */
export type FormHit = { limit: Limit; key: string; seconds: number; counted: () => void };

/** Per request (its context, the same object through the whole chain): its budget, and whether its store statement counted its hit. */
const countedHits = new WeakMap<Context, { limit: Limit; key: string; done: boolean }>();

/**
 * Addresses this process refused lately, each until its window ends: their next posts are
 * refused before any other work (a flood past the budget must not reach the human check,
 * whose provider would be asked about every token). Bounded: the oldest goes first.
 */
const refusedUntil = new Map<string, number>();
const REFUSED_KEPT = 10_000;

function noteRefusal(key: string, error: unknown): void {
  if (!(error instanceof RateLimitRefusal) || error.limit !== LIMITS.publicFormPerAddress.name) return;
  refusedUntil.delete(key);
  if (refusedUntil.size >= REFUSED_KEPT) refusedUntil.delete(refusedUntil.keys().next().value!);
  refusedUntil.set(key, Date.now() + error.retryAfterSeconds * 1000);
}

/**
 * The public forms' budget for a route whose store statement counts the hit itself, one round
 * trip fewer per post (the callback form's: storeCallbackRequest). The handler gives
 * formHitOf(c) to that statement, which marks it counted. A submission that did not get that
 * far (a malformed body, a failed human check, a honeypot, a replay by idempotency key) is
 * counted here once the handler is done, and answered 429 instead should that spend the
 * budget. So every submission counts once, and none past the budget is stored.
 *
 * An address refused lately is looked at first: a post that is still past the budget is
 * counted and refused at once (one statement that counts only then); otherwise the note was
 * stale (the window ended early, the row was cleared) and the post goes on as any other.
 */
export const publicFormRateLimitInStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db } = c.var;
  const { limit, key } = formBudget(c);
  const until = refusedUntil.get(key);
  if (until !== undefined) {
    if (until > Date.now()) {
      const [hit] = await countHitIfSpent(db).execute({ key, max: limit.max });
      refuseOverBudget(limit, hit);
    }
    refusedUntil.delete(key);
  }
  const counted = { limit, key, done: false };
  countedHits.set(c, counted);
  await next();
  // The store statement's own refusal (app.onError has answered it by now).
  noteRefusal(key, c.error);
  if (counted.done) return;
  try {
    await consume(db, limit, clientAddress(c, c.var.config.trustProxy));
  } catch (error) {
    noteRefusal(key, error);
    // Thrown here, the refusal replaces the handler's answer (app.onError answers it).
    throw error;
  }
};

/** For the handler behind publicFormRateLimitInStore: the hit its store statement is to count, and `counted()` to call once it ran. */
export function formHitOf(c: Context<AppEnv>): FormHit {
  const state = countedHits.get(c);
  if (!state) throw new Error('formHitOf needs publicFormRateLimitInStore before the handler');
  return { limit: state.limit, key: state.key, seconds: state.limit.seconds, counted: () => (state.done = true) };
}
