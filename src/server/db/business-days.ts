import { type AnyColumn, and, gte, lt, type SQL, sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '#src/lib/dublin-time.ts';

/**
 * The moment a day (YYYY-MM-DD) begins in Dublin, `daysAfter` days on: the staff's dates are
 * Dublin's, as the dashboard counts its days and the back-office shows its times. A filter
 * compares a row's own moment with it, so it stays on the row's (created_at, id) index.
 */
const dublinMidnight = (day: string, daysAfter = 0) => sql`(${day}::date + ${daysAfter}::int)::timestamp at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)}`;

/** Rows whose `moment` falls on Dublin days `from` to `to` (each YYYY-MM-DD, either left open); `to` is a whole day. */
export function onDublinDays(moment: AnyColumn, from: string | undefined, to: string | undefined): SQL | undefined {
  return and(from ? gte(moment, dublinMidnight(from)) : undefined, to ? lt(moment, dublinMidnight(to, 1)) : undefined);
}
