import { daysBetween } from '#src/lib/calendar-date.ts';
import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import { todayInIreland } from '#src/schemas/leads/form-definition.ts';
import type { PrivacyRequestView } from '#src/schemas/privacy-register.ts';

/** The download of what is held about a person, for another program: named for who can use it, not by its format. */
export const EXPORT_JSON = 'Download their data (JSON)';
/** The same as one page the person can open and read in a browser. */
export const EXPORT_HTML = 'Export for the person';

/** Where a request stands against its deadline, in words and a tone: overdue, due within a week, due later (its date), or answered ("Completed on 21 Oct 2026"). */
export type DueState = { tone: 'danger' | 'warning' | 'plain' | 'done'; label: string; late?: string };

/** How late an answered request was, in words ("9 days late"), against the due day it had (extended or not); '' when on time. */
export function lateBy(request: Pick<PrivacyRequestView, 'dueOn' | 'completedAt'>): string {
  if (!request.completedAt) return '';
  const days = daysBetween(request.dueOn, todayInIreland(new Date(request.completedAt)));
  if (days <= 0) return '';
  return days === 1 ? '1 day late' : `${days} days late`;
}

/** The day a moment fell on in Dublin, as written in Ireland: "3 Nov 2026". */
export const dublinDay = (at: string): string => formatCalendarDate(todayInIreland(new Date(at)));

export function dueState(request: Pick<PrivacyRequestView, 'status' | 'dueOn' | 'completedAt'>, today = todayInIreland()): DueState {
  if (request.status !== 'open') {
    const verb = request.status === 'completed' ? 'Completed' : 'Refused';
    const late = lateBy(request);
    return { tone: 'done', label: request.completedAt ? `${verb} on ${dublinDay(request.completedAt)}` : verb, ...(late && { late }) };
  }
  const days = daysBetween(today, request.dueOn);
  if (days < 0) return { tone: 'danger', label: 'Overdue' };
  if (days === 0) return { tone: 'warning', label: 'Due today' };
  if (days <= 7) return { tone: 'warning', label: days === 1 ? 'Due tomorrow' : `Due in ${days} days` };
  return { tone: 'plain', label: formatCalendarDate(request.dueOn) };
}
