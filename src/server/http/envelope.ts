import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { issueMessage } from '#src/schemas/issue-message.ts';

/** Every response carries ok, message and errors (docs/architecture.md, The API). */
export type { FieldError } from '#src/schemas/envelope.ts';
import type { FieldError } from '#src/schemas/envelope.ts';

export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly errors: FieldError[];
  readonly headers: Record<string, string>;
  constructor(status: ContentfulStatusCode, message: string, errors: FieldError[] = [], headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

/**
 * A success in the envelope. Its type (payload and status) is the route's declared response,
 * which the browser's client (`hc<ApiType>`, src/api/typed-client.ts) reads back.
 */
export function sendOk<T extends Record<string, unknown>, S extends ContentfulStatusCode = 200>(c: Context, message: string, payload: T, status?: S) {
  return c.json({ ok: true as const, message, errors: [] as FieldError[], ...payload }, (status ?? 200) as S);
}

export function sendFail(c: Context, status: ContentfulStatusCode, message: string, errors: FieldError[] = []) {
  return c.json({ ok: false, message, errors }, status);
}

/** One error per field: the first rule that field broke, which is the one to fix first, in our words (never valibot's). */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldError[] {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '';
    if (!seen.has(field)) seen.set(field, issueMessage(issue));
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}

export const INVALID_INPUT = 'Please correct the highlighted fields.';

/** Parses a value with a form's own schema; a failure becomes a 400 with one error per field. */
export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new HttpError(400, INVALID_INPUT, fieldErrors(result.issues));
  return result.output;
}

/** Reads the JSON body and validates it; bad JSON is the client's mistake (400), never a 500. */
export async function readBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  return parseWith(schema, await readJsonObject(c));
}

/** The JSON body, which must be an object (Hono keeps the parsed body, so a validator after this reads it again for free). */
export async function readJsonObject(c: Context): Promise<object> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  return body;
}
