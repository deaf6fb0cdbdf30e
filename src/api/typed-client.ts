/**
 * The browser's client for /api/v1, derived from the server's route declarations: paths,
 * parameters, request bodies and response bodies all come from `ApiType` (src/server/app.ts),
 * so neither side writes the other's shapes by hand.
 *
 *   const { contacts } = await unwrap(apiClient.contacts.$get({ query: { page: '0' } }));
 *
 * `ApiType` is imported as a type only: no server code reaches the browser bundle.
 */
import { hc, type ClientResponse } from 'hono/client';
import type { ApiType } from '../server/app.ts';
import { API_BASE, readEnvelope } from './client.ts';

export const apiClient = hc<ApiType>(API_BASE, {
  headers: { accept: 'application/json' },
  init: { credentials: 'include' },
});

/** The success body of a route's answer (the `ok: true` member of what it may send). */
export type Ok<T> = Extract<T, { ok: true }>;

/** The body of each answer a call may get (a route that can answer in several shapes gives their union). */
export type BodyOf<R> = R extends ClientResponse<infer T, infer _Status, infer _Format> ? T : never;

/**
 * Waits for a call of `apiClient` and returns its body when it says ok; any failure throws
 * ApiError (status, message, field errors, Retry-After) through readEnvelope.
 */
export async function unwrap<R extends ClientResponse<unknown>>(call: Promise<R>): Promise<Ok<BodyOf<R>>> {
  return (await readEnvelope(await call)) as unknown as Ok<BodyOf<R>>;
}

/**
 * Path parameters, each encoded: hc puts them into the path as they are, so an id or slug with
 * a `/`, `?` or `%` would otherwise name another route.
 *
 *   apiClient.contacts.get[':id'].$get({ param: pathParams({ id }) })
 */
export function pathParams<P extends Record<string, string>>(param: P): P {
  return Object.fromEntries(Object.entries(param).map(([name, value]) => [name, encodeURIComponent(value)])) as P;
}

/**
 * Waits for a call that answers a file (a CSV export) and returns it with the name the server
 * gave it; a failure throws ApiError with the server's message, as unwrap does.
 */
export async function unwrapFile(call: Promise<ClientResponse<unknown>>, fallbackName: string): Promise<{ blob: Blob; name: string }> {
  const response = (await call) as unknown as Response;
  if (!response.ok) await readEnvelope(response);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  return { blob: await response.blob(), name };
}
