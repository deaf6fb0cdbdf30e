import type { PrivacyRequestView } from '../../../schemas/privacy-register.ts';
import { formatCalendarDate } from '../../../lib/dublin-time.ts';
import { dueState } from './privacy-words.ts';

const CLASSES = { danger: 'bo-badge bo-badge-danger', warning: 'bo-badge bo-badge-progress' } as const;

/**
 * A request's deadline: a red "Overdue", an amber "Due in N days" within a week, else the date;
 * an answered one says when. The due date stays readable beside a badge.
 */
export function DueBadge({ request, withDate = false }: { request: Pick<PrivacyRequestView, 'status' | 'dueOn' | 'completedAt'>; withDate?: boolean }) {
  const state = dueState(request);
  if (state.tone === 'plain' || state.tone === 'done') return <span>{state.label}</span>;
  return (
    <span className="privacy-due">
      <span className={CLASSES[state.tone]}>{state.label}</span>
      {withDate && <span className="bo-muted">{formatCalendarDate(request.dueOn)}</span>}
    </span>
  );
}
