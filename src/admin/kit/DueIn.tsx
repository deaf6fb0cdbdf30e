import { daysBetween } from '#src/lib/calendar-date.ts';
import { todayInIreland } from '#src/schemas/leads/form-definition.ts';

/**
 * How soon a calendar date comes, from today in Ireland: warm within a week so the urgent ones
 * stand out; 'passed' once it has (a renewal's). A next step's date (`overdue`) is a task:
 * once passed it says 'overdue' in red, words and colour both, and 'due today' is warm.
 */
export function DueIn({ date, overdue = false }: { date: string; overdue?: boolean }) {
  const days = daysBetween(todayInIreland(), date);
  if (days < 0) return overdue ? <span className="bo-badge bo-badge-danger">overdue</span> : <span className="bo-badge">passed</span>;
  const words = days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
  return <span className={days <= 7 ? 'bo-badge bo-badge-progress' : 'bo-badge'}>{overdue && days === 0 ? 'due today' : words}</span>;
}
