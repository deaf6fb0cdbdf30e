import { Column, getTableName, is, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';

/**
 * Where a share of a large list lies, from PostgreSQL's statistics of its key's first part
 * (the moment a row was made): a page deep in a list, or in a common search, is read from
 * there rather than by walking every row before it (deep-page.ts and search-page.ts).
 */

/** What of a list's keyset options its spread reads (types.ts's KeysetOptions is one): the table and its key. */
export type SpreadList = { table: PgTable; keys: readonly { expr: SQL | AnyPgColumn; type: string }[]; direction?: 'desc' | 'asc' | undefined };

/** The key's first part when it is a timestamp column, whose statistics place a share of the list (see deep-page.ts). */
function spreadColumn(options: SpreadList): AnyPgColumn | null {
  const [first] = options.keys;
  return first?.type === 'timestamptz' && is(first.expr, Column) ? (first.expr as AnyPgColumn) : null;
}

/** The statistics of the key's first part, or null when it has none (not a timestamp column, or no ANALYZE yet). */
export async function keyStatistics(db: Db, options: SpreadList): Promise<KeyStatistics | null> {
  const column = spreadColumn(options);
  if (!column) return null;
  const table = getTableName(options.table);
  let kept = keptStatistics.get(db);
  if (!kept) {
    kept = new Map();
    keptStatistics.set(db, kept);
  }
  const key = `${table}.${column.name}`;
  const known = kept.get(key);
  if (known && performance.now() - known.at < STATISTICS_KEPT_MS) return known.stats;
  const statistics = await db.execute(
    sql`select null_frac, histogram_bounds::text as bounds, most_common_vals::text as common, most_common_freqs::text as freqs
        from pg_stats where schemaname = current_schema() and tablename = ${table} and attname = ${column.name}`,
  );
  const stats = (statistics as unknown as { rows: KeyStatistics[] }).rows[0] ?? null;
  // None yet (a table not analysed) is asked again next time.
  if (stats) kept.set(key, { at: performance.now(), stats });
  return stats;
}

/**
 * How long a key's statistics are kept in memory: they change only when the table is analysed
 * (autovacuum, after many writes), and reading pg_stats costs over a millisecond of planning
 * (a view over the catalogue with its own permission checks), a tenth of a deep page.
 */
const STATISTICS_KEPT_MS = 60_000;
const keptStatistics = new WeakMap<Db, Map<string, { at: number; stats: KeyStatistics | null }>>();

/**
 * The list's rows from where `share` of it lies before them (in its order), by the moment
 * the key's statistics put there (see deep-page.ts): a bound on the key's first part.
 * `seen`, a row already read and the bound past it: when it lies further on than that moment,
 * its own bound instead, so the index is started from one bound (given both, a backward
 * scan started at the nearer and walked every entry to the further: 6-8 ms at a million).
 * Null without statistics.
 */
export function fromShare(options: SpreadList, stats: KeyStatistics | null, share: number, seen?: { moment: string; bound: SQL }): SQL | null {
  const column = spreadColumn(options);
  const up = options.direction === 'asc';
  // The histogram runs oldest to newest; a newest-first list's share counts from the newest.
  const at = column && stats ? momentAtShare(stats, up ? share : 1 - share) : null;
  if (at === null) return null;
  const seenAt = seen ? timestampMs(seen.moment) : Number.NaN;
  if (seen && (up ? seenAt >= at : seenAt <= at)) return seen.bound;
  const moment = new Date(at).toISOString();
  return up ? sql`${column} >= ${moment}::timestamptz` : sql`${column} <= ${moment}::timestamptz`;
}

/** A timestamp column's statistics, as pg_stats gives them (arrays as their text). */
export type KeyStatistics = { null_frac: number | string; bounds: string | null; common: string | null; freqs: string | null };

/**
 * The moment before which `share` of a column's (non-null) values lie, from its statistics:
 * the histogram spreads the values that are not among the most common evenly over its
 * buckets, and each most common value holds its own share. Null when there is no histogram.
 */
function momentAtShare(stats: KeyStatistics, share: number): number | null {
  const bounds = stats.bounds ? parseTimestampArray(stats.bounds) : [];
  if (bounds.length < 2) return null;
  const common = stats.common ? parseTimestampArray(stats.common) : [];
  const freqs = stats.freqs
    ? stats.freqs
        .replace(/^\{|\}$/g, '')
        .split(',')
        .map(Number)
    : [];
  const nonNull = 1 - Number(stats.null_frac);
  const inHistogram = Math.max(0, nonNull - freqs.reduce((sum, freq) => sum + freq, 0));
  const buckets = bounds.length - 1;
  /** The share of values at or before `ms`. */
  const shareAt = (ms: number) => {
    let below = 0;
    if (ms >= bounds[buckets]!) below = inHistogram;
    else if (ms > bounds[0]!) {
      const i = bounds.findLastIndex((bound) => bound <= ms);
      below = (inHistogram * (i + (ms - bounds[i]!) / (bounds[i + 1]! - bounds[i]!))) / buckets;
    }
    return common.reduce((sum, value, i) => (value <= ms ? sum + (freqs[i] ?? 0) : sum), below) / nonNull;
  };
  const points = [...bounds, ...common].sort((a, b) => a - b);
  let before = { ms: points[0]!, share: 0 };
  for (const ms of points) {
    const here = shareAt(ms);
    if (here >= share) return here === before.share ? ms : before.ms + ((ms - before.ms) * (share - before.share)) / (here - before.share);
    before = { ms, share: here };
  }
  return points.at(-1)!;
}

/** A timestamptz[] as PostgreSQL writes it ({"2024-01-02 03:04:05.678+00",…}) as milliseconds. */
function parseTimestampArray(text: string): number[] {
  return text
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map(timestampMs)
    .filter((ms) => Number.isFinite(ms));
}

/** A timestamptz as PostgreSQL writes it ("2024-01-02 03:04:05.678+00", quoted in an array) as milliseconds. */
function timestampMs(text: string): number {
  return Date.parse(
    text
      .replace(/^"|"$/g, '')
      .replace(' ', 'T')
      .replace(/([+-]\d\d)$/, '$1:00'),
  );
}
