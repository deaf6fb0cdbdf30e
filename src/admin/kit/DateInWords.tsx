/** "Wednesday 2 December 2026", as Irish staff write a day. */
const DAY = new Intl.DateTimeFormat('en-IE', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A date field's value ("2026-12-02") or a date-and-time field's ("2026-12-02T09:00") in words; '' when it is not one. */
export function dateInWords(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!match) return '';
  const [, year, month, day, hour, minute] = match;
  // The field's wall-clock value read as UTC, so no zone moves the day it names.
  const at = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (Number.isNaN(at.getTime())) return '';
  const words = DAY.format(at).replace(',', '');
  return hour ? `${words}, ${hour}:${minute}` : words;
}

/**
 * The chosen day (and time) of a date field in words, right under it: a browser shows its date
 * fields in its own locale's order, so "12/02/2026" may mean 2 December or 12 February; the words
 * leave no doubt. Empty until a date is chosen; said again to a screen reader as it changes.
 */
export function DateInWords({ value, id }: { value: string /** For the field's aria-describedby. */; id?: string }) {
  const words = dateInWords(value);
  return (
    <p id={id} className="bo-date-words" aria-live="polite">
      {words}
    </p>
  );
}
