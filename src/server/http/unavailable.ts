import type { Context } from 'hono';
import type { FieldError } from './envelope.ts';

/** What a client is told to wait before trying again while the database is away (a restart takes seconds). */
export const RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';

/** 503 with Retry-After: the request was fine, the database was not there to take it. */
export function sendUnavailable(c: Context, message = UNAVAILABLE_MESSAGE, details: Record<string, unknown> = {}) {
  c.header('retry-after', String(RETRY_AFTER_SECONDS));
  return c.json({ ok: false, message, errors: [] as FieldError[], ...details }, 503);
}
