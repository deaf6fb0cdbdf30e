import { resolver } from 'hono-openapi';
import type * as v from 'valibot';
import { FailEnvelopeSchema } from '../../schemas/envelope.ts';

/**
 * Building blocks for `describeRoute({...})`: the OpenAPI document (/api/v1/openapi.json)
 * and the reference page (/api/v1/docs) take each route's responses from these.
 */
export const jsonContent = (schema: v.GenericSchema) => ({ 'application/json': { schema: resolver(schema) } });

/** A success, described by the route's response schema (an okEnvelope). */
export const answers = (description: string, schema: v.GenericSchema) => ({ description, content: jsonContent(schema) });

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
