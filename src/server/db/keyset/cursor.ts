import { type SQL, sql } from 'drizzle-orm';
import { HttpError, INVALID_INPUT } from '#src/server/http/envelope.ts';
import type { KeyPart, ListPage } from './types.ts';

/**
 * Cursors: where a page link continues a list, written from the key values of a page's first
 * and last rows and read back (checked) into a row of the key's types (see docs/paging.md).
 */

export const BAD_CURSOR = 'This page link is no longer valid. Go back to the first page of the list.';
export const badCursor = () => new HttpError(400, INVALID_INPUT, [{ field: 'cursor', message: BAD_CURSOR }]);

/** The key's values as text, selected beside a list's columns (`_k0`, `_k1`…) so its cursors can be written. */
export function keyColumns(keys: readonly KeyPart[]): Record<string, SQL<string>> {
  return Object.fromEntries(keys.map((key, i) => [`_k${i}`, sql<string>`(${key.expr})::text`]));
}

type Direction = 'after' | 'before';

/**
 * Where a page link continues a list: the key values of the row it continues from, the way it
 * goes from there, and whether a rare search wrote it (see searchPage: its next pages are read
 * from the search's matches at once). 'last' is the list's last page.
 */
export type Cursor = { direction: Direction; values: string[]; rare: boolean } | 'last';

const FORMATS: Record<Exclude<KeyPart['type'], 'text'>, RegExp> = {
  // PostgreSQL's own text for a timestamptz (ISO DateStyle), or infinity for an unset date sorted first.
  timestamptz: /^(-?infinity|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d){0,2})$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  // A calendar date as PostgreSQL writes it (ISO DateStyle): a privacy request's due date.
  date: /^\d{4}-\d\d-\d\d$/,
};

/** What a key part's values look like as text. */
const formatOf = (key: KeyPart) => (key.type === 'text' ? key.format : FORMATS[key.type]);

/** A cursor as it travels: base64url of JSON with named fields, so anyone can read one. */
export function encodeCursor(direction: Direction, values: string[], rare = false): string {
  return Buffer.from(JSON.stringify({ direction, rare, values })).toString('base64url');
}

const isDirection = (value: unknown): value is Direction => value === 'after' || value === 'before';

/** Reads a cursor written for `keys`; anything else (edited, or from another list) is a 400. */
export function decodeCursor(text: string, keys: readonly KeyPart[]): Cursor {
  if (text === 'last') return 'last';
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (typeof parsed !== 'object' || parsed === null) throw badCursor();
  const { direction, rare, values } = parsed as Record<string, unknown>;
  if (!isDirection(direction) || typeof rare !== 'boolean' || !Array.isArray(values) || values.length !== keys.length) throw badCursor();
  if (!values.every((value, i) => typeof value === 'string' && formatOf(keys[i]!).test(value))) throw badCursor();
  return { direction, rare, values: values as string[] };
}

const row = (parts: SQL[]) => sql`(${sql.join(parts, sql`, `)})`;

/** A key's values (their text, as cursors and `_k` columns hold them) as a row of the key's types. */
export const keyRow = (keys: readonly KeyPart[], values: readonly string[]) => row(values.map((value, i) => sql`${value}::${sql.raw(keys[i]!.type)}`));

/** The rows whose key (`exprs`) is past `key`: smaller, or larger. */
export const beyond = (exprs: SQL[], key: SQL, smaller: boolean) => (smaller ? sql`${row(exprs)} < ${key}` : sql`${row(exprs)} > ${key}`);

/** An answer's page: its rows and total, and the cursors naming its first and last rows. */
export function pageOf<Row extends Record<string, unknown>>(
  keys: readonly KeyPart[],
  rows: Row[],
  {
    page,
    total,
    estimate,
    hasAfter,
    hasBefore,
    rare = false,
  }: { page: number; total: number; estimate: boolean; hasAfter: boolean; hasBefore: boolean; rare?: boolean },
): ListPage<Row> {
  const keyOf = (r: Row) => keys.map((_, i) => String(r[`_k${i}`]));
  const first = rows[0];
  const last = rows.at(-1);
  return {
    rows,
    page,
    total,
    totalIsEstimate: estimate,
    nextCursor: hasAfter && last ? encodeCursor('after', keyOf(last), rare) : null,
    prevCursor: hasBefore && first ? encodeCursor('before', keyOf(first), rare) : null,
  };
}
