import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { PagingSchema, type Paging } from '#src/schemas/paging.ts';
import { HttpError, parseWith } from './envelope.ts';

const Uuid = v.pipe(v.string(), v.uuid());

export const isUuid = (value: string): boolean => v.safeParse(Uuid, value).success;

/** A record id from the path; anything that is not a UUID cannot name a record, so it is a 404. */
export function uuidParam(c: Context, name: string, notFound: string): string {
  const value = c.req.param(name) ?? '';
  if (!isUuid(value)) throw new HttpError(404, notFound);
  return value;
}

/** `?page=&page_size=` of a list request, checked and clamped. */
export function pagingFrom(c: Context): Paging {
  return parseWith(PagingSchema, { page: c.req.query('page'), page_size: c.req.query('page_size') });
}

/** uuidParam as route middleware, before any body validator: an id that cannot name a record is a 404 whatever the body. */
export const uuidParamCheck =
  (notFound: string, name = 'id'): MiddlewareHandler =>
  async (c, next) => {
    uuidParam(c, name, notFound);
    await next();
  };
