import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { sendFail } from './envelope.ts';
import type { Logger } from '../log.ts';

/** Largest JSON body any endpoint takes; uploads get their own, larger limit. */
export const JSON_BODY_LIMIT = 64 * 1024;

/**
 * Refuses a body over `maxSize` with 413. A body whose length the request states (and that
 * is not chunked) is judged by that header alone, as hono's bodyLimit does, but without
 * asking for the request's web body stream first: on Node that stream makes the whole
 * Request object (a web stream over the socket, undici's body reading), which a JSON read
 * otherwise skips; it was a tenth of a callback request's CPU. A GET or HEAD has no body.
 * A chunked body is counted as it streams in, by hono's bodyLimit.
 */
export const limitBody = (maxSize = JSON_BODY_LIMIT): MiddlewareHandler => {
  const tooLarge = (c: Context) => sendFail(c, 413, `The request body is larger than ${maxSize} bytes.`);
  const counted = bodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length, 10) > maxSize ? tooLarge(c) : next();
    }
    return counted(c, next);
  };
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(headers: Headers): boolean {
  const length = headers.get('content-length');
  return headers.has('transfer-encoding') || (length !== null && length !== '0');
}

/** Writes take JSON only: a form post from another site can't reach the API as a "simple" request. */
export const jsonOnly: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('content-type');
  if (WRITE_METHODS.has(c.req.method) && (type !== undefined || hasBody(c.req.raw.headers))) {
    if (!/^application\/json\s*(;|$)/i.test(type ?? '')) {
      return sendFail(c, 415, 'Send the request body as application/json.');
    }
  }
  await next();
};

/**
 * State-changing requests must come from our own pages: a browser tells us where a request
 * came from (Sec-Fetch-Site, Origin), and anything cross-site is refused. Tools such as curl
 * send neither header and are let through; they carry no victim's cookies.
 */
export const sameOriginWrites =
  (allowedOrigins: string[]): MiddlewareHandler =>
  async (c, next) => {
    if (WRITE_METHODS.has(c.req.method)) {
      const site = c.req.header('sec-fetch-site');
      const origin = c.req.header('origin');
      const ownOrigin = new URL(c.req.url).origin;
      const crossSite = site === 'cross-site' || (origin !== undefined && origin !== ownOrigin && !allowedOrigins.includes(origin));
      if (crossSite) return sendFail(c, 403, 'Cross-site requests are not allowed.');
    }
    await next();
  };

/**
 * One structured line per request, tagged with the request id that the response also carries
 * (the client's own X-Request-Id when it sent one: hono's requestId). The path only: a query
 * may carry a search for a person's name or email.
 */
export const requestLog =
  (log: Logger): MiddlewareHandler =>
  async (c, next) => {
    const started = performance.now();
    await next();
    log.request(c.req.method, c.req.path, c.res.status, performance.now() - started, c.get('requestId'));
  };
