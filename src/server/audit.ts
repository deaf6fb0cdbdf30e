import { tryGetContext } from 'hono/context-storage';
import type { AppEnv } from './app-env.ts';
import type { Db, Tx } from './db/client.ts';
import { auditLog } from './db/schema.ts';
import { clientAddress } from './http/client-address.ts';

/**
 * The address of the client whose request is being answered, as the rate limits see it
 * (TRUST_PROXY honoured); null outside a request (a background job). Read from the request's
 * context (app.ts runs each request in Hono's context storage), so every entry carries it
 * without each of the many callers passing it on.
 */
function requestAddress(): string | null {
  const c = tryGetContext<AppEnv>();
  const config = c?.var.config;
  return c && config ? clientAddress(c, config.trustProxy) : null;
}

/** The API token the request was made with, if any: an entry made through one names it. */
function apiTokenOfRequest(): string | undefined {
  return tryGetContext<AppEnv>()?.var.session?.apiTokenId;
}

/** Records who did what, and from which address; written in the same transaction as the change where there is one. */
export async function audit(db: Db | Tx, actorId: string | null, action: string, target: string | null, details?: Record<string, unknown>): Promise<void> {
  const token = apiTokenOfRequest();
  const all = token ? { ...details, apiToken: token } : details;
  await db.insert(auditLog).values({ actorId, action, target, details: all ?? null, address: requestAddress() });
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
