/** The business's clock: day, week and month boundaries, and every time shown, are Dublin's. */
export const BUSINESS_TIME_ZONE = 'Europe/Dublin';

/**
 * The business's dates and times: Irish English, on Dublin's clock, whatever the browser's
 * language or the server's time zone. The one place the back-office, the mails and the CSV
 * exports format a time; each formatter is made once (making an Intl formatter is costly).
 */
const LOCALE = 'en-IE';

const dateTime = new Intl.DateTimeFormat(LOCALE, { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
const dateTimeSeconds = new Intl.DateTimeFormat(LOCALE, { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'medium', timeStyle: 'medium' });
const timeOnly = new Intl.DateTimeFormat(LOCALE, { timeZone: BUSINESS_TIME_ZONE, timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', dateStyle: 'medium' });
const isoParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

const toDate = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at);
/** Irish English abbreviates September with four letters ("Sept") and every other month with three: one width for all. */
const threeLetterMonths = (text: string) => text.replace('Sept', 'Sep');

/** A moment (a Date or an ISO timestamp) as Dublin's date and time: "23 Nov 2026, 18:05". */
export function formatDublinDateTime(at: Date | string): string {
  return threeLetterMonths(dateTime.format(toDate(at)));
}

/** A moment as Dublin's time of day: "18:05". */
export function formatDublinTime(at: Date | string): string {
  return timeOnly.format(toDate(at));
}

/** The last second formatted with seconds, and its text: the form posts of one busy second share it. */
let lastSecond = { second: Number.NaN, text: '' };

/** The same with seconds, for a mail's record of when something happened: "23 Nov 2026, 18:05:09". */
export function formatDublinDateTimeSeconds(at: Date | string): string {
  const second = Math.floor(toDate(at).getTime() / 1000);
  // Formatting costs about 20 µs: a callback request's mail formats its own arrival, as busy seconds' others do.
  if (second !== lastSecond.second) lastSecond = { second, text: threeLetterMonths(dateTimeSeconds.format(second * 1000)) };
  return lastSecond.text;
}

/** A calendar date (YYYY-MM-DD) as it is written in Ireland: "3 Dec 2026" (no time zone shift). */
export function formatCalendarDate(date: string): string {
  return threeLetterMonths(dateOnly.format(new Date(`${date}T00:00:00Z`)));
}

/**
 * A moment as ISO 8601 on Dublin's clock with its offset, for CSV files:
 * "2026-11-23T20:31:00+00:00" in winter, "2026-07-02T00:30:00+01:00" in summer.
 */
export function dublinIso(at: Date | string): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of isoParts.formatToParts(toDate(at))) parts[part.type] = part.value;
  // Intl writes Dublin's winter offset as plain "GMT" and summer time as "GMT+01:00".
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : (parts.timeZoneName ?? '').replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** Dublin's offset from UTC at a moment, in minutes (0 in winter, 60 in summer). */
function dublinOffsetMinutes(at: Date): number {
  const offset = dublinIso(at).slice(19);
  return (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
}

/**
 * A moment as Dublin's wall clock for a datetime-local field ("2026-11-23T18:05"): the
 * back-office schedules in the business's time, whatever the browser's zone.
 */
export function toDublinLocalInput(at: Date | string): string {
  return dublinIso(at).slice(0, 16);
}

/** A datetime-local value read on Dublin's clock, as the moment it names (an ISO timestamp), or '' when it is not a time. */
export function fromDublinLocalInput(value: string): string {
  const asUtc = Date.parse(`${value}:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) || Number.isNaN(asUtc)) return '';
  // Dublin's offset at the guess, then at the corrected moment: the two differ only around a change of the clocks.
  const first = asUtc - dublinOffsetMinutes(new Date(asUtc)) * 60_000;
  return new Date(asUtc - dublinOffsetMinutes(new Date(first)) * 60_000).toISOString();
}

/** How a time typed on Dublin's clock is named beside its field. */
export const DUBLIN_TIME_NOTE = 'Irish time (Europe/Dublin)';
