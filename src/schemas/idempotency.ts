import * as v from 'valibot';

/**
 * Public forms send each submission with a random UUID in this header, kept across the
 * browser's resends; the server stores it with the record, so a resend gets the first
 * answer instead of a duplicate or a spam-check refusal.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Optional: a request without a key is a new submission every time. */
export const IdempotencyKeySchema = v.optional(v.pipe(v.string(), v.uuid('The Idempotency-Key header must be a UUID.')));

export const IDEMPOTENCY_KEY_REUSED = 'This submission was already sent with different details. Please reload the page and send it again.';
