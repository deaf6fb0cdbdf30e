import { ShieldAlert } from 'lucide-static';
import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import { PRIVACY_KIND_SHORT, type PrivacyDue } from '#src/schemas/privacy-register.ts';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { dueState } from '../privacy/privacy-words.ts';

const requests = (n: number) => (n === 1 ? '1 request' : `${n} requests`);

/**
 * An Administrator's notice of privacy requests falling due: how many are overdue and how many
 * due within a week, with a link to the register, and the soonest by reference, kind and date. A warning, not an error: nothing has failed, a deadline is near.
 */
export function PrivacyDueAlert({ due }: { due: PrivacyDue }) {
  // Due soon and overdue never overlap: together they are every request named here.
  const more = due.soon + due.overdue - due.items.length;
  return (
    <section className="bo-alert bo-alert-warning privacy-dashboard" aria-labelledby="privacy-due-title">
      <Icon svg={ShieldAlert} size={18} className="privacy-dashboard-icon" />
      <div className="privacy-dashboard-body">
        <h2 id="privacy-due-title" className="privacy-dashboard-title">
          Privacy requests to answer
        </h2>
        {/* How many, in words, and one link to the register: the soonest follow, each its own link. */}
        <p className="privacy-dashboard-counts">
          {[due.overdue > 0 && `${requests(due.overdue)} overdue`, due.soon > 0 && `${requests(due.soon)} due within 7 days`].filter(Boolean).join(', ')}.{' '}
          <a className="privacy-dashboard-link" href={`/admin/privacy?due=${due.overdue > 0 ? 'overdue' : 'soon'}`}>
            View the register
          </a>
        </p>
        <ul className="privacy-dashboard-items">
          {due.items.map((item) => (
            <li key={item._id}>
              <a className="privacy-dashboard-link" href={`/admin/privacy/view/${item._id}`}>
                {item.reference}
              </a>
              <span className="privacy-dashboard-sep" aria-hidden="true">
                {' · '}
              </span>
              <span>
                {PRIVACY_KIND_SHORT[item.kind]} · {dueState({ status: 'open', dueOn: item.dueOn, completedAt: null }).label}, due{' '}
                {formatCalendarDate(item.dueOn)}
              </span>
            </li>
          ))}
          {more > 0 && (
            <li>
              <a className="privacy-dashboard-link" href="/admin/privacy?status=open">
                {more === 1 ? 'and 1 more' : `and ${more} more`}
              </a>
            </li>
          )}
        </ul>
      </div>
    </section>
  );
}
