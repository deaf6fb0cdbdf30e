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
