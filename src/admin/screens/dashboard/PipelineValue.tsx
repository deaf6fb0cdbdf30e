import type { DashboardView, PipelineFigure } from '#src/schemas/dashboard.ts';
import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import { Panel } from '#src/admin/kit/Panel.tsx';
import { formatEuro } from '#src/admin/format.ts';
import './dashboard.css';

const requests = (count: number) => (count === 1 ? '1 request' : `${count} requests`);

/** "3 requests", and how many have no premium recorded yet, which the sum leaves out. */
function countLine(figure: PipelineFigure): string {
  const unpriced = figure.count - figure.priced;
  return unpriced > 0 ? `${requests(figure.count)}, ${unpriced} without a premium yet` : requests(figure.count);
}

/**
 * This month's pipeline value, as Pipedrive and HubSpot put deal value on their dashboards:
 * the premiums of the quotes and renewals quoted this month (still quoted, or since won), and
 * of those won, each with how many requests it is. Each figure opens its lists, filtered.
 */
export function PipelineValue({ value, monthStart }: { value: DashboardView['pipelineValue']; monthStart: string }) {
  const figures = [
    { key: 'quoted', label: 'Quoted this month', figure: value.quoted, status: 'quoted' },
    { key: 'won', label: 'Won this month', figure: value.won, status: 'won' },
  ] as const;
  return (
    <Panel title="Pipeline value" className="dash-value">
      <dl className="dash-value-figures">
        {figures.map(({ key, label, figure, status }) => (
          <div key={key} className={`dash-value-figure dash-value-${key}`}>
            <dt>{label}</dt>
            <dd className="dash-value-amount">{formatEuro(figure.total)}</dd>
            <dd className="dash-value-count">
              {countLine(figure)}
              {figure.count > 0 && (
                <>
                  {' · '}
                  <a href={`/admin/quotes?status=${status}`}>quotes</a>, <a href={`/admin/renewals?status=${status}`}>renewals</a>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="bo-hint dash-value-note">Premiums quoted or won since {formatCalendarDate(monthStart)}.</p>
    </Panel>
  );
}
