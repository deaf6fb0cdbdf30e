import { lazy, Suspense, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { loadChunk } from '../../../lib/chunk-load.ts';
import { contactStatuses } from '../../../schemas/contact-statuses.ts';
import { leadStatuses } from '../../../schemas/leads/index.ts';
import { DASHBOARD_CHART_DAYS, RENEWALS_DUE_DAYS, dashboardAreas, type DashboardArea, type DashboardView } from '../../../schemas/dashboard.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { $dashboard, loadDashboard } from '../../stores/dashboard.ts';
import { formatCalendarDate, formatDublinDateTime } from '../../../lib/dublin-time.ts';

// The chart library is loaded by this screen alone, under the chunk rules (ChunkLoadError, 120 s).
const DashboardChart = lazy(() => loadChunk(() => import('./DashboardChart.tsx')));

const AREA_LABELS: Record<DashboardArea, string> = { callbacks: 'Callbacks', quotes: 'Quotes', renewals: 'Renewals' };
const LIST_PATHS: Record<DashboardArea, string> = { callbacks: '/admin/contacts', quotes: '/admin/quotes', renewals: '/admin/renewals' };
const STATUS_LABELS: Record<(typeof leadStatuses)[number], string> = { new: 'New', contacted: 'Contacted', quoted: 'Quoted', won: 'Won', lost: 'Lost' };

/** The list a number stands for, filtered as the number counts it. */
function listHref(area: DashboardArea, filter: Record<string, string>): string {
  const query = new URLSearchParams(filter).toString();
  return query ? `${LIST_PATHS[area]}?${query}` : LIST_PATHS[area];
}

function NewRequests({ view }: { view: DashboardView }) {
  const periods = [
    { key: 'today', label: 'Today', from: view.today },
    { key: 'week', label: 'This week', from: view.weekStart },
    { key: 'month', label: 'This month', from: view.monthStart },
  ] as const;
  return (
    <table className="admin-table dashboard-table">
      <caption>New requests</caption>
      <thead>
        <tr>
          <th scope="col">Kind</th>
          {periods.map((period) => (
            <th key={period.key} scope="col">
              {period.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {dashboardAreas.map((area) => (
          <tr key={area}>
            <th scope="row">{AREA_LABELS[area]}</th>
            {periods.map((period) => (
              <td key={period.key}>
                <a
                  href={listHref(area, { from: period.from })}
                  aria-label={`${view.newRequests[area][period.key]} new ${AREA_LABELS[area].toLowerCase()} ${period.label.toLowerCase()}`}
                >
                  {view.newRequests[area][period.key]}
                </a>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StatusCounts({ view }: { view: DashboardView }) {
  const areas = ['quotes', 'renewals'] as const;
  return (
    <table className="admin-table dashboard-table">
      <caption>By status</caption>
      <thead>
        <tr>
          <th scope="col">Kind</th>
          {leadStatuses.map((status) => (
            <th key={status} scope="col">
              {STATUS_LABELS[status]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {areas.map((area) => (
          <tr key={area}>
            <th scope="row">{AREA_LABELS[area]}</th>
            {leadStatuses.map((status) => (
              <td key={status}>
                <a
                  href={listHref(area, { status })}
                  aria-label={`${view.statusCounts[area][status]} ${AREA_LABELS[area].toLowerCase()} ${STATUS_LABELS[status].toLowerCase()}`}
                >
                  {view.statusCounts[area][status]}
                </a>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const CALLBACK_STATUS_LABELS: Record<(typeof contactStatuses)[number], string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' };

function CallbackStatusCounts({ view }: { view: DashboardView }) {
  return (
    <table className="admin-table dashboard-table">
      <caption>Callbacks by status</caption>
      <thead>
        <tr>
          {contactStatuses.map((status) => (
            <th key={status} scope="col">
              {CALLBACK_STATUS_LABELS[status]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          {contactStatuses.map((status) => (
            <td key={status}>
              <a
                href={listHref('callbacks', { status })}
                aria-label={`${view.statusCounts.callbacks[status]} callbacks ${CALLBACK_STATUS_LABELS[status].toLowerCase()}`}
              >
                {view.statusCounts.callbacks[status]}
              </a>
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

/** Where an item needing attention opens. */
const itemHref = (item: DashboardView['attention']['items'][number]) =>
  item.area === 'callbacks' ? `/admin/contacts/view/${item._id}` : `/admin/${item.area}/view/${item._id}`;

/** /admin/dashboard: what came in, how it stands, what falls due and what needs attention. */
export function Dashboard() {
  const { dashboard: view, isLoading, ok, message } = useStore($dashboard);
  useEffect(() => {
    void loadDashboard();
  }, []);

  return (
    <section className="dashboard">
      <h1>Dashboard</h1>
      {!ok && (
        <p className="admin-error" role="alert">
          {message}
        </p>
      )}
      {!view && isLoading && <Spinner label="Loading the dashboard" />}
      {view && (
        <>
          <div className="dashboard-grid">
            <NewRequests view={view} />
            <StatusCounts view={view} />
            <CallbackStatusCounts view={view} />
          </div>

          <section className="dashboard-panel" aria-labelledby="dashboard-attention">
            <h2 id="dashboard-attention">Needs attention ({view.attention.total})</h2>
            <p className="dashboard-hint">
              Callbacks, quotes and renewals new and untouched for more than a working day, oldest first. Every new one:{' '}
              {dashboardAreas.map((area, index) => (
                <span key={area}>
                  {index > 0 && ', '}
                  <a href={listHref(area, { status: 'new' })}>{`new ${AREA_LABELS[area].toLowerCase()}`}</a>
                </span>
              ))}
              .
            </p>
            {view.attention.items.length === 0 ? (
              <p>Nothing is waiting.</p>
            ) : (
              <ul className="dashboard-list">
                {view.attention.items.map((item) => (
                  <li key={item._id}>
                    <a href={itemHref(item)}>{item.area === 'callbacks' ? `Callback from ${item.name}` : item.reference}</a>
                    {item.area === 'callbacks' ? '' : ` ${item.name}`} · received {formatDublinDateTime(item.createdAt)}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="dashboard-panel" aria-labelledby="dashboard-due">
            <h2 id="dashboard-due">
              Renewals due in {RENEWALS_DUE_DAYS} days ({view.renewalsDue.total})
            </h2>
            {view.renewalsDue.items.length === 0 ? (
              <p>No open renewal falls due.</p>
            ) : (
              <ul className="dashboard-list">
                {view.renewalsDue.items.map((item) => (
                  <li key={item._id}>
                    <a href={`/admin/renewals/view/${item._id}`}>{item.reference}</a> {item.name} · renews {formatCalendarDate(item.renewalDate)}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <figure className="dashboard-panel">
            <figcaption>
              <h2>Requests per day, last {DASHBOARD_CHART_DAYS} days</h2>
            </figcaption>
            <Suspense fallback={<Spinner label="Loading the chart" />}>
              <DashboardChart perDay={view.perDay} />
            </Suspense>
          </figure>
        </>
      )}
    </section>
  );
}
