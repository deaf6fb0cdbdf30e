import { daysBetween } from '../../lib/calendar-date.ts';
import { todayInIreland } from '../../schemas/leads/form-definition.ts';

/**
 * How soon a calendar date (a renewal's) comes, from today in Ireland: warm within a week so the
 * urgent ones stand out; 'passed' once it has.
 */
export function DueIn({ date }: { date: string }) {
  const days = daysBetween(todayInIreland(), date);
  if (days < 0) return <span className="bo-badge">passed</span>;
  const words = days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
  return <span className={days <= 7 ? 'bo-badge bo-badge-progress' : 'bo-badge'}>{words}</span>;
}
