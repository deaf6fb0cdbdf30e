import type { AlsoFromView } from '#src/schemas/follow-up.ts';
import { leadKinds, type LeadKind } from '#src/schemas/leads/index.ts';
import { formatDateTime } from '../format.ts';
import { Panel } from '../kit/Panel.tsx';
import { StatusBadge } from '../kit/StatusBadge.tsx';

/** What each record is, as the lists name it, and where it opens. */
const kindOf = (other: AlsoFromView) =>
  other.kind === 'callback'
    ? { label: 'Callback', href: `/admin/contacts/view/${other._id}` }
    : other.kind === 'renewal'
      ? { label: 'Renewal', href: `/admin/renewals/view/${other._id}` }
      : { label: `${leadKinds[other.kind as LeadKind].label} quote`, href: `/admin/quotes/view/${other._id}` };

/** The same person's other callbacks, quotes and renewals (by email), newest first, each a link. */
export function AlsoFromPanel({ others }: { others: readonly AlsoFromView[] }) {
  return (
    <Panel title="Also from this person" flush>
      {others.length === 0 ? (
        <p className="bo-hint bo-panel-body">Nothing else from this email address.</p>
      ) : (
        <ul className="bo-rows">
          {others.map((other) => {
            const { label, href } = kindOf(other);
            return (
              <li key={other._id}>
                <span className="bo-rows-main">
                  <a href={href}>{other.title}</a>
                  <span className="bo-muted">
                    {label} · {formatDateTime(other.createdAt)}
                  </span>
                </span>
                <StatusBadge status={other.status} />
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
