import { ListChecks } from 'lucide-static';
import type { DashboardView } from '#src/schemas/dashboard.ts';
import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import { DueIn } from '#src/admin/kit/DueIn.tsx';
import { EmptyState } from '#src/admin/kit/EmptyState.tsx';
import { Panel } from '#src/admin/kit/Panel.tsx';

type FollowUps = DashboardView['followUps'];

/** Where a record opens, and what it is. */
const RECORD = {
  callbacks: { path: '/admin/contacts', one: 'Callback' },
  quotes: { path: '/admin/quotes', one: 'Quote' },
  renewals: { path: '/admin/renewals', one: 'Renewal' },
} as const;

/**
 * Next steps due today or overdue on any callback, quote or renewal: the signed-in person's
 * own first, then the longest overdue; each opens its record. The lists' Overdue views hold
 * the rest.
 */
export function FollowUps({ followUps }: { followUps: FollowUps }) {
  return (
    <Panel title={`Follow-ups due (${followUps.total})`} flush>
      <p className="bo-hint bo-panel-body dash-panel-note">
        Due today or overdue, yours first ({followUps.mine === 0 ? 'none is yours' : `${followUps.mine} yours`}). All overdue:{' '}
        <a href={`${RECORD.callbacks.path}?due=overdue`}>callbacks</a>, <a href={`${RECORD.quotes.path}?due=overdue`}>quotes</a>,{' '}
        <a href={`${RECORD.renewals.path}?due=overdue`}>renewals</a>.
      </p>
      {followUps.items.length === 0 ? (
        <EmptyState compact icon={ListChecks} title="No follow-ups due" text="When a next step falls due on a callback, quote or renewal, it shows here." />
      ) : (
        <ul className="bo-rows">
          {followUps.items.map((item) => (
            <li key={item._id}>
              <span className="bo-rows-main">
                <a href={`${RECORD[item.area].path}/view/${item._id}`}>{item.area === 'callbacks' ? item.name : `${item.reference} · ${item.name}`}</a>
                <span>{item.nextStep}</span>
                <span className="bo-muted">
                  {RECORD[item.area].one} · {item.mine ? 'Yours' : item.owner ? `Owner: ${item.owner}` : 'No owner yet'}
                </span>
              </span>
              <span className="bo-rows-end">
                <span className="bo-nowrap">Due {formatCalendarDate(item.nextStepDue)}</span>
                <DueIn date={item.nextStepDue} overdue />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
