/**
 * Calendar days as 'YYYY-MM-DD' strings: what an `<input type="date">` holds, what the forms'
 * schemas accept and what the server stores. Shared by the browser and the server.
 */

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A Date's local calendar day as 'YYYY-MM-DD'. */
export function toIsoDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/** True for a 'YYYY-MM-DD' string naming a day that exists (not 2023-02-29, not 2024-04-31). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1) return false;
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not.
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The day `months` calendar months after `day` (both 'YYYY-MM-DD'), kept to the month's last
 * day when it is shorter: 31 January and one month is 28 February (29th in a leap year), as
 * PostgreSQL's `date + interval '1 month'` counts and as a month's deadline is read.
 */
export function addCalendarMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const toYear = Math.floor(index / 12);
  const toMonth = index - toYear * 12;
  // Day 0 of the month after is this month's last day.
  const last = new Date(Date.UTC(2000, toMonth + 1, 0)).getUTCDate();
  const lastDay = toMonth === 1 && isLeapYear(toYear) ? 29 : toMonth === 1 ? 28 : last;
  return `${pad(toYear, 4)}-${pad(toMonth + 1, 2)}-${pad(Math.min(date, lastDay), 2)}`;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Whole days from `from` to `to` ('YYYY-MM-DD'): negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
