/**
 * Typed browser client for /api/v1. Every call sends credentials; a response with ok:false
 * (or a non-2xx status) is a failure and throws ApiError with the server's message.
 */
export type FieldError = { field: string; message: string };
export type Envelope = { ok: boolean; message: string; errors: FieldError[] };

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[];
  constructor(status: number, message: string, errors: FieldError[] = []) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

import { resolveApiBase } from './api-base.ts';

/** Set at build time by PUBLIC_API_BASE (checked with the site facts); relative by default. */
export const API_BASE = resolveApiBase(import.meta.env.PUBLIC_API_BASE);

export async function api<T extends object = object>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, signal?: AbortSignal): Promise<T & Envelope> {
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    signal,
    credentials: 'include',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data: (T & Envelope) | undefined;
  try {
    data = (await response.json()) as T & Envelope;
  } catch {
    throw new ApiError(response.status, `HTTP error! Status: ${response.status}`);
  }
  if (!response.ok || !data.ok) {
    throw new ApiError(response.status, data.message || `HTTP error! Status: ${response.status}`, data.errors ?? []);
  }
  return data;
}

/** The message to show for any failure. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'The server could not be reached. Check your connection and try again.';
}
