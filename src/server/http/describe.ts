import { resolver } from 'hono-openapi';
import type * as v from 'valibot';
import { FailEnvelopeSchema } from '#src/schemas/envelope.ts';
import type { ApiTokenScope } from '#src/schemas/api-token.ts';

/**
 * Building blocks for `describeRoute({...})`: the OpenAPI document (/api/v1/openapi.json)
 * and the reference page (/api/v1/docs) take each route's responses from these.
 */
export const jsonContent = (schema: v.GenericSchema, example?: unknown) => ({
  'application/json': { schema: resolver(schema), ...(example === undefined ? {} : { example }) },
});

/** A success, described by the route's response schema (an okEnvelope), with an example answer where one helps. */
export const answers = (description: string, schema: v.GenericSchema, example?: unknown) => ({ description, content: jsonContent(schema, example) });

/** What each failure status means in this API (docs/architecture.md, The API). */
const FAILURES = {
  400: 'The input is not valid: `errors` lists each field with its message.',
  401: 'Not signed in.',
  403: 'Not allowed (role, or a cross-site write).',
  404: 'There is no such record.',
  409: 'Conflicts with the current state (a reused idempotency key with other answers, an address in use…).',
  413: 'The request body is too large.',
  415: 'The request body is not application/json.',
  429: 'Too many requests: try again after `Retry-After` seconds.',
  503: 'The database or the object store could not be reached: the request may be sent again after `Retry-After` seconds.',
} as const;

export type FailureStatus = keyof typeof FAILURES;

/** The failures a route can answer, each in the envelope with `ok: false`. */
export function failures(...statuses: FailureStatus[]) {
  return Object.fromEntries(statuses.map((status) => [status, { description: FAILURES[status], content: jsonContent(FailEnvelopeSchema) }]));
}

/** The security schemes of the OpenAPI document (src/server/openapi/document.ts declares them). */
export const SESSION_SCHEME = 'session';
export const BEARER_SCHEME = 'apiToken';

/**
 * A route staff reach with their session, and other systems with an API token that has `scope`
 * (src/server/api-tokens/bearer.ts): either scheme satisfies it.
 */
export const staffOrToken = (scope: ApiTokenScope): Record<string, string[]>[] => [{ [SESSION_SCHEME]: [] }, { [BEARER_SCHEME]: [scope] }];
