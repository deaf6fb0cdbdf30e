import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { CircleCheck, FileCheck, Inbox, RefreshCw } from 'lucide-static';
import { loadChunk } from '#src/lib/chunk-load.ts';
import { contactStatuses } from '#src/schemas/contact-statuses.ts';
import { leadStatuses } from '#src/schemas/leads/index.ts';
import { RENEWALS_DUE_DAYS, dashboardAreas, type DashboardArea, type DashboardView } from '#src/schemas/dashboard.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { EmptyState } from '#src/admin/kit/EmptyState.tsx';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { Panel } from '#src/admin/kit/Panel.tsx';
import { StatusBadge, statusLabelFor } from '#src/admin/kit/StatusBadge.tsx';
import { $dashboard, loadDashboard } from '#src/admin/stores/dashboard.ts';
import { $login } from '#src/admin/stores/session.ts';
import { VIEW_COUNT_CAP } from '#src/schemas/pipeline.ts';
import { formatCalendarDate, formatDublinDateTime } from '#src/lib/dublin-time.ts';
import { DueIn } from '#src/admin/kit/DueIn.tsx';
import { FollowUps } from './FollowUps.tsx';
import { PipelineValue } from './PipelineValue.tsx';
import { PrivacyDueAlert } from './PrivacyDueAlert.tsx';
import { weekTrend } from './trend.ts';

// The chart library is loaded by this screen alone, under the chunk rules (ChunkLoadError, 120 s).
const DashboardChart = lazy(() => loadChunk(() => import('./DashboardChart.tsx')));

/** Each area as the navigation names it, its list and its icon. */
const AREAS: Record<DashboardArea, { label: string; one: string; path: string; icon: string }> = {
  callbacks: { label: 'Callbacks', one: 'Callback', path: '/admin/contacts', icon: Inbox },
  quotes: { label: 'Quotes', one: 'Quote', path: '/admin/quotes', icon: FileCheck },
  renewals: { label: 'Renewals', one: 'Renewal', path: '/admin/renewals', icon: RefreshCw },
};

/** The list a number stands for, filtered as the number counts it. */
function listHref(area: DashboardArea, filter: Record<string, string>): string {
  const query = new URLSearchParams(filter).toString();
  return query ? `${AREAS[area].path}?${query}` : AREAS[area].path;
}

/** A view's count as the lists show it: capped counts read "1,000+". */
const viewCount = (count: number) => (count >= VIEW_COUNT_CAP ? `${VIEW_COUNT_CAP.toLocaleString('en-IE')}+` : count.toLocaleString('en-IE'));

/**
 * One area: its headline, what came in this week against the same days of the week before, then who
 * has the work (the signed-in person's, nobody's, and follow-ups overdue: the lists' own views, each a
 * link to it), and how many stand at each status. Today and this month are left to the chart: with a
 * week's requests they repeated the headline's number.
 */
function AreaCard({ area, view, me }: { area: DashboardArea; view: DashboardView; me: string | undefined }) {
  const counts = view.views[area];
  const figures: { key: string; label: string; count: number; filter: Record<string, string>; words: string }[] = [
    ...(me ? [{ key: 'mine', label: 'Yours', count: counts.mine, filter: { owner: me }, words: 'assigned to you' }] : []),
    { key: 'unassigned', label: 'Unassigned', count: counts.unassigned, filter: { owner: 'none' }, words: 'with nobody assigned' },
    // 'Overdue' fits the card's third figure on one line; the list it opens, and its spoken label, say whose follow-up.
    { key: 'overdue', label: 'Overdue', count: counts.overdue, filter: { due: 'overdue', sort: 'due' }, words: 'with a follow-up overdue' },
  ];
  const { label, one } = AREAS[area];
  const statuses: readonly string[] = area === 'callbacks' ? contactStatuses : leadStatuses;
  const byStatus = view.statusCounts[area] as Record<string, number>;
  const requests = view.newRequests[area];
  const trend = weekTrend(requests.week, requests.weekBefore);
  // A renewal's won and lost read Renewed and Lapsed, as the renewals screens say.
  const stageLabel = statusLabelFor(area);
  return (
    <section className="bo-panel bo-stat" aria-labelledby={`dashboard-${area}`}>
      <div className="bo-stat-head">
        <h2 id={`dashboard-${area}`}>
          <a href={AREAS[area].path}>{label}</a>
        </h2>
        <Icon svg={AREAS[area].icon} className="bo-muted" />
      </div>
      {/* One headline number, the week so far, and how it compares in words (the arrow and colour only repeat them). */}
      <p className="bo-stat-headline">
        <a href={listHref(area, { from: view.weekStart })}>
          {/* The card's heading names what is counted ("Callbacks"); the words say only when, as the trend below does. */}
          <span className="bo-stat-number">{requests.week}</span>
          <span className="visually-hidden"> {(requests.week === 1 ? one : label).toLowerCase()}</span> this week
        </a>
      </p>
      <p className="bo-stat-trend" data-direction={trend.direction}>
        {trend.arrow && <span aria-hidden="true">{trend.arrow} </span>}
        {trend.words}
      </p>
      <dl className="bo-stat-figures" data-count={figures.length}>
        {figures.map((figure) => (
          <div key={figure.key} data-alert={figure.key === 'overdue' && figure.count > 0 ? '' : undefined}>
            <dt>{figure.label}</dt>
            <dd>
              <a href={listHref(area, figure.filter)} aria-label={`${viewCount(figure.count)} ${label.toLowerCase()} ${figure.words}`}>
                {viewCount(figure.count)}
              </a>
            </dd>
          </div>
        ))}
      </dl>
      <ul className="bo-stat-statuses" aria-label={`${label} by status`}>
        {statuses.map((status) => (
          <li key={status}>
            <a href={listHref(area, { status })}>
              <StatusBadge status={status} label={`${stageLabel(status)} ${byStatus[status]}`} />
              <span className="visually-hidden"> {label.toLowerCase()}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Where an item needing attention opens. */
const itemHref = (item: DashboardView['attention']['items'][number]) =>
  item.area === 'callbacks' ? `/admin/contacts/view/${item._id}` : `/admin/${item.area}/view/${item._id}`;

/** /admin/dashboard: what came in, how it stands, what needs attention and what falls due. */

/** The fewest days the chart shows, however new the site: two working weeks. */
const CHART_MIN_DAYS = 14;

/**
 * The chart's days: from the first day anything came in (at least the last two weeks), up to the
 * server's DASHBOARD_CHART_DAYS. A site taking requests for a week does not get 80 empty days.
 */
function daysWorthShowing(perDay: DashboardView['perDay']): DashboardView['perDay'] {
  const first = perDay.findIndex((day) => day.callbacks + day.quotes + day.renewals > 0);
  const start = Math.max(0, Math.min(first === -1 ? perDay.length : first, perDay.length - CHART_MIN_DAYS));
  return perDay.slice(start);
}

export function Dashboard() {
  const { dashboard: view, isLoading, ok, message } = useStore($dashboard);
  const me = useStore($login).user?._id;
  const chartDays = useMemo(() => (view ? daysWorthShowing(view.perDay) : null), [view]);
  useEffect(() => {
    void loadDashboard();
  }, []);

  return (
    <section className="bo-dashboard">
      <PageHeader title="Dashboard" description="What came in, how it stands, and what needs someone today." />
      {!ok && (
        <p className="bo-alert" role="alert">
          {message}
        </p>
      )}
      {!view && isLoading && <Spinner label="Loading the dashboard" />}
      {view && chartDays && (
        <>
          {view.privacyDue && view.privacyDue.soon + view.privacyDue.overdue > 0 && <PrivacyDueAlert due={view.privacyDue} />}
          <div className="bo-stats">
            {dashboardAreas.map((area) => (
              <AreaCard key={area} area={area} view={view} me={me} />
            ))}
          </div>

          <div className="bo-columns">
            {/* Nothing waiting is one line across the top, not a card as tall as the others holding an empty state. */}
            {view.attention.total === 0 && (
              <p className="dash-all-clear">
                <Icon svg={CircleCheck} size={18} />
                <span>
                  <strong>No enquiry is waiting.</strong> No new callback, quote or renewal has been left more than a working day.
                </span>
              </p>
            )}
            <FollowUps followUps={view.followUps} />
            {view.attention.total > 0 && (
              <Panel title={`Needs attention (${view.attention.total})`} flush>
                <p className="bo-hint bo-panel-body dash-panel-note">
                  New for more than a working day, oldest first. All new: <a href={listHref('callbacks', { status: 'new' })}>callbacks</a>,{' '}
                  <a href={listHref('quotes', { status: 'new' })}>quotes</a>, <a href={listHref('renewals', { status: 'new' })}>renewals</a>.
                </p>
                <ul className="bo-rows">
                  {view.attention.items.map((item) => (
                    <li key={item._id}>
                      <span className="bo-rows-main">
                        <a href={itemHref(item)}>{item.area === 'callbacks' ? item.name : `${item.reference} · ${item.name}`}</a>
                        <span className="bo-muted">
                          {AREAS[item.area].one} · Received {formatDublinDateTime(item.createdAt)}
                        </span>
                      </span>
                    </li>
                  ))}
                </ul>
              </Panel>
            )}

            <PipelineValue value={view.pipelineValue} monthStart={view.monthStart} />

            <Panel title={`Renewals due in ${RENEWALS_DUE_DAYS} days (${view.renewalsDue.total})`} flush>
              {view.renewalsDue.items.length === 0 ? (
                <EmptyState
                  compact
                  icon={RefreshCw}
                  title="No open renewal falls due"
                  text={`Open renewals due in the next ${RENEWALS_DUE_DAYS} days show here.`}
                />
              ) : (
                <ul className="bo-rows">
                  {view.renewalsDue.items.map((item) => (
                    <li key={item._id}>
                      <span className="bo-rows-main">
                        <a href={`/admin/renewals/view/${item._id}`}>{item.reference}</a>
                        <span className="bo-muted">{item.name}</span>
                      </span>
                      <span className="bo-rows-end">
                        <span className="bo-nowrap">Renews {formatCalendarDate(item.renewalDate)}</span>
                        <DueIn date={item.renewalDate} />
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
          </div>

          <Panel title={`Callbacks, quotes and renewals per day, last ${chartDays.length} days`}>
            <Suspense fallback={<Spinner label="Loading the chart" />}>
              <DashboardChart perDay={chartDays} />
            </Suspense>
          </Panel>
        </>
      )}
    </section>
  );
}
