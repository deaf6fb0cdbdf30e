import type { Env, ValidationTargets } from 'hono';
import { uniqueSymbol, validator } from 'hono-openapi';
import type * as v from 'valibot';
import { fieldErrors, HttpError, INVALID_INPUT, readJsonObject } from './envelope.ts';

/** A standard schema (valibot's, here), as hono-openapi's validator takes it. */
type StandardSchema = Parameters<typeof validator>[1];

/**
 * The one hook every validator shares: a failure is our 400 envelope, with the message and
 * the one-error-per-field list that readBody gives (fieldErrors), thrown to app.onError.
 */
export function onInvalid(result: { success: boolean; error?: readonly unknown[] }): void {
  // Our schemas are valibot's, whose standard-schema issues are valibot issues (getDotPath reads their paths).
  if (!result.success) throw new HttpError(400, INVALID_INPUT, fieldErrors((result.error ?? []) as readonly v.BaseIssue<unknown>[]));
}

/**
 * Request validation as route middleware: `validate('json', ContactCreateSchema)`. The handler
 * reads the checked value with `c.req.valid('json')`; the client derived from the routes
 * (hc<ApiType>) types its argument from the schema's input, and the OpenAPI document takes
 * the request body or parameters from it.
 *
 * A JSON body is first read as readBody reads it (not JSON, or not an object: the same 400
 * and message as before), so a validator changes no answer a client saw.
 */
export function validate<T extends keyof ValidationTargets, S extends StandardSchema, E extends Env = Env, P extends string = string>(target: T, schema: S) {
  const check = validator<S, T, E, P>(target, schema, onInvalid);
  if (target !== 'json') return check;
  const checkBody: typeof check = async (c, next) => {
    await readJsonObject(c);
    return check(c, next);
  };
  // The OpenAPI generator finds a validator by this property (hono-openapi's mark for custom middleware).
  return Object.assign(checkBody, { [uniqueSymbol]: (check as unknown as Record<symbol, unknown>)[uniqueSymbol] });
}
