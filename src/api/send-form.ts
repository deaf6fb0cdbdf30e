import { IDEMPOTENCY_HEADER } from '../schemas/idempotency.ts';
import type { ClientResponse } from 'hono/client';
import { ApiError } from './client.ts';
import { unwrap, type BodyOf, type Ok } from './typed-client.ts';

/**
 * Sending a public form (callback, quote, renewal) so that a lost answer costs nothing: each
 * submission carries one Idempotency-Key, kept across resends, and a dropped connection or a
 * server that is briefly unavailable is retried by itself. The server stores the key with
 * the record, so a resend of a request that did arrive answers the first result.
 */

/** Attempts in all, and the waits between them: 1 s, 2 s, 4 s…, or longer when the server asks (Retry-After), never above the cap. */
export const RESEND = { attempts: 4, firstDelayMs: 1000, maxDelayMs: 30_000 } as const;

/** Answers that say nothing about the request itself: the server or a proxy in front of it was unavailable. */
const UNAVAILABLE = new Set([502, 503, 504]);

/** A failure worth sending again: no answer at all (fetch's TypeError), or an unavailable server. */
export function isWorthResending(error: unknown): boolean {
  if (error instanceof ApiError) return UNAVAILABLE.has(error.status);
  return error instanceof TypeError;
}

/** How long to wait before attempt `attempt + 1`. */
export function resendDelayMs(attempt: number, error: unknown): number {
  const backoff = RESEND.firstDelayMs * 2 ** (attempt - 1);
  const asked = error instanceof ApiError && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : 0;
  return Math.min(Math.max(backoff, asked), RESEND.maxDelayMs);
}

/** What a form shows while it resends. */
export const STILL_SENDING = 'No answer yet. Still trying to send your request…';

export type ResendNotice = { attempt: number; delayMs: number };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One sending of a form: a call of the derived client with these request options (the submission key's header). */
export type FormCall<R extends ClientResponse<unknown>> = (options: { headers: Record<string, string> }) => Promise<R>;

/**
 * Sends a public form under its submission key, resending on no answer or 502/503/504 up to
 * RESEND.attempts times; `onResend` is told before each wait, so the form can say it is still
 * sending. Any other failure, or the last one, is thrown as it came. `send` is the client's
 * call, e.g. `(options) => apiClient.contacts.create.$post({ json: input }, options)`.
 */
export async function sendForm<R extends ClientResponse<unknown>>(
  send: FormCall<R>,
  options: { key: string; onResend?: (notice: ResendNotice) => void; sleep?: (ms: number) => Promise<void> },
): Promise<Ok<BodyOf<R>>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await unwrap(send({ headers: { [IDEMPOTENCY_HEADER]: options.key } }));
    } catch (error) {
      if (attempt >= RESEND.attempts || !isWorthResending(error)) throw error;
      const delayMs = resendDelayMs(attempt, error);
      options.onResend?.({ attempt, delayMs });
      await (options.sleep ?? wait)(delayMs);
    }
  }
}

/** A random UUID; `crypto.randomUUID` exists only in secure contexts, so plain HTTP builds one from random bytes. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A short fingerprint of the answers (53-bit cyrb53), so session storage holds no copy of them. */
function fingerprint(answers: unknown): string {
  const text = JSON.stringify(answers);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const storageKey = (form: string) => `submission:${form}`;
/** This page's own copy, for when session storage is unavailable. */
const remembered = new Map<string, { key: string; print: string }>();

/**
 * The submission key for these answers (without the human check): the same answers keep
 * their key until `forgetSubmission`, even across a reload of the tab, so pressing Send
 * again after a lost answer cannot store the request twice; changed answers get a new key.
 */
export function submissionKey(form: string, answers: unknown): string {
  const print = fingerprint(answers);
  const here = remembered.get(form);
  if (here?.print === print) return here.key;
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey(form)) ?? 'null') as { key?: unknown; print?: unknown } | null;
    if (saved && saved.print === print && typeof saved.key === 'string') return saved.key;
  } catch {
    // Nothing usable saved: a new key.
  }
  const key = newKey();
  remembered.set(form, { key, print });
  try {
    sessionStorage.setItem(storageKey(form), JSON.stringify({ key, print }));
  } catch {
    // Private browsing or a full quota: the key still holds for this page's resends.
  }
  return key;
}

/** After the server took the submission: the next one is a new request. */
export function forgetSubmission(form: string): void {
  remembered.delete(form);
  try {
    sessionStorage.removeItem(storageKey(form));
  } catch {
    // nothing stored
  }
}
