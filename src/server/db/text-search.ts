import { and, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Joins the columns for a scan; a search holding it could match across two of them, so it then gets the per-column test. */
const SEPARATOR = '\u001f';

/**
 * A stored column's expression holding `columns` (by name, or an expression of the row's own
 * columns) joined and lower-cased, as the scan joins them: a list that keeps one scans it
 * instead, without lower-casing every row it reads.
 */
export const loweredJoin = (columns: readonly (string | SQL)[]): SQL =>
  sql`lower(${sql.join(
    columns.map((column) => (typeof column === 'string' ? sql.identifier(column) : column)),
    sql.raw(` || chr(${SEPARATOR.charCodeAt(0)}) || `),
  )})`;

/** `text` for a LIKE pattern: its wildcards and the escape character taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** `text` as a LIKE pattern for "anywhere in the value". */
export const anywherePattern = (text: string) => `%${escapeLike(text)}%`;

/** The rows where any of `columns` holds `text`, whatever its case: ILIKE '%text%' on each, which trigram indexes answer. */
export const anyColumnHolds = (columns: readonly (AnyPgColumn | SQL)[], text: string): SQL =>
  or(...columns.map((column) => ilike(column, anywherePattern(text))))!;

/**
 * A staff search's two forms, the same test: the rows where any of `columns` holds `text`,
 * whatever its case.
 *
 * - `indexed`: ILIKE '%text%' on each column, which their trigram indexes answer (the search
 *   across the whole list); for a search of several words, each word's ILIKE and then the
 *   text (holdsByWords).
 * - `scan`: for rows already read (the newest rows a search looks among first,
 *   keyset.ts): the columns joined and lower-cased once, and the text found in them by strpos.
 *   ILIKE on a UTF-8 database lower-cases text and pattern for every column of every row
 *   (about 1 µs each): over the newest 2,000 requests a rare name cost 6.5 ms by ILIKE, 3 ms
 *   so; 12.4 ms and 6 ms for the five columns of an enquiry. Same rows: ILIKE is LIKE on both
 *   lower-cased, and a pattern with no wildcard but the two ends is a substring. A list that
 *   keeps the join lower-cased in a stored column (`lowered`) has it scanned as it is: the
 *   lower-casing was 2.3 of the 2.8 ms an enquiry search spent on the newest 2,000 rows.
 */
export function textSearch(
  columns: readonly (AnyPgColumn | SQL)[],
  text: string,
  /**
   * A stored column of loweredJoin over these columns, or over more that cannot hold this text
   * (the caller's word for it: an address holds no space), which the scan then reads as it is.
   */
  lowered?: AnyPgColumn,
): { indexed: SQL; scan: SQL } {
  const words = lookupWords(text);
  const indexed = words ? or(...columns.map((column) => holdsByWords(column, text, words)))! : anyColumnHolds(columns, text);
  if (text.includes(SEPARATOR)) return { indexed, scan: indexed };
  if (lowered) return { indexed, scan: sql`strpos(${lowered}, lower(${text})) > 0` };
  const joined = sql`concat_ws(${SEPARATOR}, ${sql.join([...columns], sql`, `)})`;
  return { indexed, scan: holdsLowered(joined, text) };
}

/**
 * The words of a search of several a trigram index can look up on their own (a run of three
 * letters or digits, as pg_trgm makes its trigrams), or null for a search of one word or none
 * such. The ILIKE of the whole text also asks the index for the trigrams where its words meet
 * (`"an "`, `"  r"` for "Siobhan Regan"), which every name ending in -an or a word starting
 * with r holds: reading them was 8.5 ms of a full name's 9.6 at a million enquiries, the
 * words' own 4.4 ms.
 */
function lookupWords(text: string): string[] | null {
  if (!/\s/.test(text)) return null;
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]{3}/u.test(word));
  return words.length ? words : null;
}

/**
 * A column holding the whole text, found by its words: ILIKE of each (the index's lookup, in
 * one scan), then the text itself in the rows found (strpos on both lower-cased, the same
 * test as ILIKE, which the index is not asked for). Every row holding the text holds each word.
 */
const holdsByWords = (column: AnyPgColumn | SQL, text: string, words: string[]): SQL =>
  and(...words.map((word) => ilike(column, anywherePattern(word))), holdsLowered(column, text))!;

/** `value` holds `text`, both lower-cased: ILIKE '%text%' without its pattern, which no index answers. */
const holdsLowered = (value: AnyPgColumn | SQL, text: string): SQL => sql`strpos(lower(${value}), lower(${text})) > 0`;
