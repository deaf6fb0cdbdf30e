import { formatDateTime } from '../format.ts';

/**
 * A moment in a list: the date with the time under it in a table (a date and time on one line
 * cost a column 10rem, which the name beside it needs more), on one line on a phone's card.
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

/** A list column's width for DateTimeCell: the date's, as the time sits under it. */
export const DATE_TIME_COLUMN_WIDTH = '7rem';
