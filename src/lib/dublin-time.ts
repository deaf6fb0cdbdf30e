import { BUSINESS_TIME_ZONE } from '../schemas/dashboard.ts';

/** The business's dates: Irish English, on Dublin's clock, whatever the browser's language. */
const LOCALE = 'en-IE';

const dateTime = new Intl.DateTimeFormat(LOCALE, { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', dateStyle: 'medium' });

/** A moment (ISO timestamp) as Dublin's date and time: "23 Nov 2026, 18:05". */
export function formatDublinDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** A calendar date (YYYY-MM-DD) as it is written in Ireland: "3 Dec 2026" (no time zone shift). */
export function formatCalendarDate(date: string): string {
  return dateOnly.format(new Date(`${date}T00:00:00Z`));
}
