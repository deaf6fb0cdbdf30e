import { formatDateTime } from '../format.ts';

/**
 * A moment in a list: on one line in a wide table ("30 Nov 2026, 23:06", as Directus and Payload
 * show it, so rows stay one line tall) when that costs no other column (ListScreen decides); the
 * time under the date otherwise; one line on a phone's card.
 * Its text stays the one date format ("28 Nov 2026, 09:06"), however it is laid out.
 */
export function DateTimeCell({ at }: { at: string }) {
  const text = formatDateTime(at);
  const split = text.lastIndexOf(', ');
  return (
    <time className="bo-datetime" dateTime={at}>
      <span>{text.slice(0, split)}</span>
      <span className="bo-datetime-comma">, </span>
      <span className="bo-datetime-time">{text.slice(split + 2)}</span>
    </time>
  );
}

/** A list column's width for DateTimeCell: the date's alone (7rem), or date and time's where the list has room (tables.css, `data-wide-dates`). */
export const DATE_TIME_COLUMN_WIDTH = 'var(--bo-datetime-width, 7rem)';
/** The width of a date and time on one line ("30 Nov 2026, 23:06"). */
export const WIDE_DATE_TIME_WIDTH = '9.75rem';
