import type { ReactNode } from 'react';
import { daysBetween } from '#src/lib/calendar-date.ts';
import { dublinIso, formatCalendarDate } from '#src/lib/dublin-time.ts';
import { todayInIreland } from '#src/schemas/leads/form-definition.ts';
import { formatTime } from '../format.ts';
import { Icon } from '../kit/Icon.tsx';
import './records.css';

/** One entry of a timeline, drawn the same on every page that has one. */
export type TimelineItem = {
  key: string;
  /** ISO 8601: the Dublin day it is grouped under, and its time at the line's end. */
  at: string;
  icon: string;
  /** Names the entry's kind in its class (`rt-entry-<kind>`). */
  kind: string;
  /** The icon's colour: success (something came in or was done), brand (mail, a plan), danger (something removed); plain otherwise. */
  tone?: 'success' | 'brand' | 'danger' | undefined;
  /** What happened, in a sentence (the line's first column). */
  line: ReactNode;
  /** Words set under the line (a note, a reason), kept as written. */
  note?: string | undefined;
  /** What the line sums up, folded under it (the look-ups one entry stands for). */
  more?: ReactNode;
};

/** The Dublin day an entry happened on, as a heading: Today, Yesterday, or the date. */
function dayHeading(day: string): string {
  const ago = daysBetween(day, todayInIreland());
  if (ago === 0) return 'Today';
  if (ago === 1) return 'Yesterday';
  return formatCalendarDate(day);
}

/**
 * A timeline's entries grouped by Dublin day, in the order given (a record's timeline and a
 * privacy request's are newest first): the day as a heading, then each entry with its icon,
 * what happened, its time in a column of its own, and any words or folded details under it.
 */
export function TimelineDays({ items }: { items: readonly TimelineItem[] }) {
  const days: { day: string; items: TimelineItem[] }[] = [];
  for (const item of items) {
    const day = dublinIso(item.at).slice(0, 10);
    const last = days.at(-1);
    if (last?.day === day) last.items.push(item);
    else days.push({ day, items: [item] });
  }
  return days.map(({ day, items: ofDay }) => (
    <section key={day} className="rt-day" aria-label={dayHeading(day)}>
      <h3 className="rt-day-title">{dayHeading(day)}</h3>
      <ol className="rt-list">
        {ofDay.map((item) => (
          <li key={item.key} className={`rt-entry rt-entry-${item.kind}${item.tone ? ` rt-tone-${item.tone}` : ''}`}>
            <span className="rt-icon" aria-hidden="true">
              <Icon svg={item.icon} size={15} />
            </span>
            <div className="rt-body">
              <p className="rt-line">
                <span>{item.line}</span>
                <span className="rt-meta">
                  <time dateTime={item.at}>{formatTime(item.at)}</time>
                </span>
              </p>
              {item.note && <p className="rt-note">{item.note}</p>}
              {item.more}
            </div>
          </li>
        ))}
      </ol>
    </section>
  ));
}
