import { daysBetween } from '#src/lib/calendar-date.ts';
import { dublinIso } from '#src/lib/dublin-time.ts';
import { todayInIreland } from '#src/schemas/leads/form-definition.ts';

/**
 * How long ago a request came in, in Dublin days, as a board card says it: "today", "1 day",
 * "3 days" (what a broker scans for: how long it has waited).
 */
export function ageOf(createdAt: string, today: string = todayInIreland()): string {
  const days = Math.max(0, daysBetween(dublinIso(createdAt).slice(0, 10), today));
  return days === 0 ? 'today' : days === 1 ? '1 day' : `${days} days`;
}

/** The owner's monogram: the same initials the site's portraits use. */
export { initialsOf } from '#src/lib/initials.ts';
