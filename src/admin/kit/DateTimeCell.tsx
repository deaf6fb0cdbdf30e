import { formatDateTime } from '../format.ts';

/**
 * A moment in a list: on one line in a wide table ("30 Nov 2026, 23:06", as Directus and Payload
 * show it, so rows stay one line tall); the time under the date where the table is narrower
 * (one line would cost the column 3rem the name beside it needs more); one line on a phone's card.
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

/** A list column's width for DateTimeCell: tables.css sets it, the date's alone (7rem) in a narrower table, date and time's in a wide one. */
export const DATE_TIME_COLUMN_WIDTH = 'var(--bo-datetime-width, 7rem)';
