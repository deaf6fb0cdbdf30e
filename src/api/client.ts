/**
 * What every /api/v1 answer shares: the envelope, the failure the browser throws for ok:false
 * or a non-2xx status (ApiError, with the server's message, field errors and Retry-After), and
 * where the API lives. The calls themselves go through the derived client (typed-client.ts).
 */
export type FieldError = { field: string; message: string };
export type Envelope = { ok: boolean; message: string; errors: FieldError[] };

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[];
  /** The server's Retry-After, in seconds, when it sent one (with 429 or 503). */
  readonly retryAfterSeconds: number | undefined;
  constructor(status: number, message: string, errors: FieldError[] = [], retryAfterSeconds?: number) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

import { resolveApiBase } from '../lib/api-base.ts';

/** Set at build time by PUBLIC_API_BASE (checked with the site facts); relative by default. */
export const API_BASE = resolveApiBase(import.meta.env.PUBLIC_API_BASE);

/** Retry-After in seconds (a number of seconds or an HTTP date); undefined when absent or unreadable. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, seconds) : undefined;
}

/** A response's envelope when it says ok; otherwise ApiError with the server's message, fields and Retry-After. */
export async function readEnvelope<T extends object = object>(response: Response): Promise<T & Envelope> {
  let data: (T & Envelope) | undefined;
  try {
    data = (await response.json()) as T & Envelope;
  } catch {
    throw new ApiError(response.status, `HTTP error! Status: ${response.status}`, [], retryAfterOf(response));
  }
  if (!response.ok || !data.ok) {
    throw new ApiError(response.status, data.message || `HTTP error! Status: ${response.status}`, data.errors ?? [], retryAfterOf(response));
  }
  return data;
}

/** The message to show for any failure. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'The server could not be reached. Check your connection and try again.';
}
