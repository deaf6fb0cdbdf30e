import type { PrivacyRequestView } from '#src/schemas/privacy-register.ts';
import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import { dueState } from './privacy-words.ts';

const CLASSES = { danger: 'bo-badge bo-badge-danger', warning: 'bo-badge bo-badge-progress' } as const;

/**
 * A request's deadline: a red "Overdue", an amber "Due in N days" within a week, else "Due" and
 * the date; an answered one says when ("Completed on 21 Oct 2026"), never a due label, and how
 * late when it was answered after its due day ("9 days late"). Each
 * reads whole without its column's name, as a phone's card shows it. The due date stays
 * readable beside a badge.
 */
export function DueBadge({ request, withDate = false }: { request: Pick<PrivacyRequestView, 'status' | 'dueOn' | 'completedAt'>; withDate?: boolean }) {
  const state = dueState(request);
  // Answered after its due day: said in red beside when, as an audit would ask.
  if (state.tone === 'done')
    return state.late ? (
      <span className="privacy-due">
        <span>{state.label}</span>
        <span className="bo-badge bo-badge-danger">{state.late}</span>
      </span>
    ) : (
      <span>{state.label}</span>
    );
  if (state.tone === 'plain') return <span>Due {state.label}</span>;
  return (
    <span className="privacy-due">
      <span className={CLASSES[state.tone]}>{state.label}</span>
      {withDate && <span className="bo-muted">due {formatCalendarDate(request.dueOn)}</span>}
    </span>
  );
}
