import type { Context, MiddlewareHandler } from 'hono';
import { hasNoControlCharacter } from '#src/schemas/fields.ts';
import { limitMessages } from '#src/schemas/messages.ts';
import { sendFail, type FieldError } from './envelope.ts';

/**
 * Control characters (NUL above all, which PostgreSQL refuses in text and answered a 500)
 * are refused in every input, once, here, rather than route by route: the decoded path, every
 * query name and value, and every string (key or value) of a JSON body. The forms' own
 * schemas carry the same rule (schemas/fields.ts) so the browser says it first.
 */
export const CONTROL_CHARACTER_REFUSED = 'The request contains a control character (such as a NUL), which no field accepts.';

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** Each path segment decoded as the router decodes it; a segment that is not valid percent-encoding is left as sent. */
function decodedPathSegments(url: URL): string[] {
  return url.pathname.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
}

/** The names of the query parameters or path that carry a control character. */
function badAddressParts(url: URL): FieldError[] {
  const errors: FieldError[] = [];
  if (!decodedPathSegments(url).every(hasNoControlCharacter)) errors.push({ field: 'path', message: limitMessages.controlCharacter });
  for (const [name, value] of url.searchParams) {
    if (!hasNoControlCharacter(name) || !hasNoControlCharacter(value))
      errors.push({ field: hasNoControlCharacter(name) ? name : 'query', message: limitMessages.controlCharacter });
  }
  return errors;
}

/**
 * Path and query of every request. The API answers 400 with the envelope; a page address
 * with a control character names no page, so it is treated like any unknown address.
 */
export const refuseControlCharactersInAddress =
  (notFound: (c: Context) => Response | Promise<Response>): MiddlewareHandler =>
  async (c, next) => {
    const url = new URL(c.req.url);
    const errors = badAddressParts(url);
    if (errors.length === 0) return next();
    return isApiPath(url.pathname) ? sendFail(c, 400, CONTROL_CHARACTER_REFUSED, errors) : notFound(c);
  };

/**
 * Dot paths (as the form errors name fields) of JSON strings that carry a control character.
 * A loop, not recursion: a 64 KB body can nest 30,000 arrays deep, more than the call stack.
 */
function badJsonStrings(body: unknown): FieldError[] {
  const found: FieldError[] = [];
  const pending: [unknown, string][] = [[body, '']];
  while (pending.length > 0 && found.length < 20) {
    const [value, path] = pending.pop()!;
    const at = (key: string) => (path ? `${path}.${key}` : key);
    if (typeof value === 'string') {
      if (!hasNoControlCharacter(value)) found.push({ field: path || 'body', message: limitMessages.controlCharacter });
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) pending.push([item, at(String(index))]);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (!hasNoControlCharacter(key)) found.push({ field: path || 'body', message: limitMessages.controlCharacter });
        pending.push([item, at(key)]);
      }
    }
  }
  return found.reverse();
}

/**
 * Strings of a JSON body. Runs after the size and content-type checks, so the body is JSON
 * and small; a body that does not parse is left for the route's own 400.
 */
export const refuseControlCharactersInJson: MiddlewareHandler = async (c, next) => {
  if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) return next();
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return next();
  }
  const errors = badJsonStrings(body);
  if (errors.length === 0) return next();
  return sendFail(c, 400, CONTROL_CHARACTER_REFUSED, errors);
};
