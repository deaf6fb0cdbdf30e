import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import * as v from 'valibot';
import { issueMessage } from '#src/schemas/issue-message.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_REUSED, IdempotencyKeySchema } from '#src/schemas/idempotency.ts';
import { HttpError } from './envelope.ts';

/** The request's `Idempotency-Key`, checked; a malformed one is a 400. */
export function idempotencyKeyOf(c: Context): string | undefined {
  const result = v.safeParse(IdempotencyKeySchema, c.req.header(IDEMPOTENCY_HEADER));
  if (!result.success) {
    const message = issueMessage(result.issues[0]);
    throw new HttpError(400, message, [{ field: IDEMPOTENCY_HEADER, message }]);
  }
  return result.output;
}

/** JSON with object keys sorted, so equal values give equal text whatever their key order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of what a submission asks for (its validated answers, never its human check). */
function requestHash(value: unknown): string {
  return createHash('sha256').update(stableJson(value)).digest('hex');
}

/**
 * Runs a public form's create once per idempotency key. A key already stored answers its
 * record (a resend after a lost answer); the same key with other answers is a 409. When the
 * create fails and a twin with the key has meanwhile been stored (two resends at once: the
 * loser hits the unique key or finds the human check spent), the twin is the answer too.
 * `create` gets the hash of `request` (what the submission asks for) to store beside the key:
 * without a key it is null, as nothing will compare it.
 */
export async function createOnce<R extends { requestHash: string | null }>(
  key: string | undefined,
  request: unknown,
  find: (key: string) => Promise<R | undefined>,
  create: (hash: string | null) => Promise<R>,
): Promise<R> {
  const hash = key === undefined ? null : requestHash(request);
  const stored = async () => {
    if (!key) return undefined;
    const row = await find(key);
    if (row && row.requestHash !== hash) throw new HttpError(409, IDEMPOTENCY_KEY_REUSED, [{ field: IDEMPOTENCY_HEADER, message: IDEMPOTENCY_KEY_REUSED }]);
    return row;
  };
  const earlier = await stored();
  if (earlier) return earlier;
  try {
    return await create(hash);
  } catch (error) {
    // The lookup's own failure (the database gone) must not hide the first error; its 409 must not be hidden either.
    const twin = await stored().catch((lookup: unknown) => {
      if (lookup instanceof HttpError) throw lookup;
      return undefined;
    });
    if (twin) return twin;
    throw error;
  }
}
