import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DashboardView } from '#src/schemas/dashboard.ts';

/** One colour per kind, the same in its bars and its legend (kit.css's .bo-chart-swatch). */
const SERIES = [
  { key: 'callbacks', label: 'Callbacks', fill: '#0b5cad' },
  { key: 'quotes', label: 'Quotes', fill: '#b35c00' },
  { key: 'renewals', label: 'Renewals', fill: '#2e7d32' },
] as const;

type Day = DashboardView['perDay'][number];

const HEIGHT = 240;
const HALF_DAY = 12 * 60 * 60;
/** Room for one date under the axis ("28 Nov"), in CSS pixels. */
const LABEL_WIDTH = 64;
/** The back-office's font on the canvas too. */
const AXIS_FONT = '12px "Figtree Variable", system-ui, sans-serif';

/** Axis dates as Ireland writes them ("27 Aug"), on Dublin's calendar; uPlot's own are US-style (8/27). */
const dayLabel = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayOf = (entry: Day) => new Date(`${entry.day}T12:00:00Z`);

/** The axis' top: the tallest bar rounded up to a whole step of the gridlines, so no bar rises above the last line. */
function roundedTop(max: number): number {
  const step = max <= 10 ? 2 : max <= 50 ? 5 : 10 ** Math.floor(Math.log10(max));
  return Math.max(4, Math.ceil(max / step) * step);
}

/** "28 Nov: 3 callbacks, 2 quotes, 1 renewal" — a day's figures in words. */
function dayInWords(entry: Day): string {
  const parts = SERIES.map(({ key, label }) => `${entry[key]} ${entry[key] === 1 ? label.toLowerCase().replace(/s$/, '') : label.toLowerCase()}`);
  return `${dayLabel.format(dayOf(entry))}: ${parts.join(', ')}`;
}

/**
 * Requests per day as stacked bars, one colour per kind (the days the dashboard chose), drawn by
 * uPlot on a canvas (no inline scripts or style elements, so the page's CSP holds). Bars, not
 * lines: a count belongs to its day, and a quiet fortnight with one busy day still reads. The
 * legend and the hovered day's figures are HTML; loaded only by the dashboard.
 */
export default function DashboardChart({ perDay }: { perDay: DashboardView['perDay'] }) {
  const box = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Noon UTC on each Dublin day keeps every bar on its own date in the axis labels.
    const days = perDay.map((entry) => dayOf(entry).getTime() / 1000);
    // Each kind stands on the ones before it: the drawn heights are running totals, tallest first.
    const running = SERIES.map((_, upTo) => perDay.map((entry) => SERIES.slice(0, upTo + 1).reduce((sum, { key }) => sum + entry[key], 0)));
    const drawn = SERIES.map((series, index) => ({ ...series, values: running[index]! })).reverse();
    // Only the whole bar (drawn first) has rounded top corners: the kinds below it meet square.
    const topBar = uPlot.paths.bars!({ size: [0.6, 36], radius: [0.15, 0] });
    const lowerBar = uPlot.paths.bars!({ size: [0.6, 36] });
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        legend: { show: false },
        cursor: { y: false, points: { show: false } },
        scales: {
          // Half a day either side, so the first and last bars are whole.
          x: { time: true, range: (_u, min, max) => [min - HALF_DAY, max + HALF_DAY] },
          y: { range: (_u, _min, max) => [0, roundedTop(max)] },
        },
        axes: [
          {
            // A label under each bar's middle (uPlot's own fall on midnights, between bars), as many as fit, ending today.
            splits: (u) => {
              const fit = Math.max(1, Math.floor(u.bbox.width / uPlot.pxRatio / LABEL_WIDTH));
              const step = Math.ceil(days.length / fit);
              return days.filter((_, index) => (days.length - 1 - index) % step === 0);
            },
            values: (_u, splits) => splits.map((ts) => dayLabel.format(new Date(ts * 1000))),
            font: AXIS_FONT,
            stroke: '#4a5866',
            grid: { show: false },
          },
          { label: 'Requests', font: AXIS_FONT, labelFont: AXIS_FONT, stroke: '#4a5866', grid: { stroke: '#e1e7ec' } },
        ],
        series: [
          {},
          ...drawn.map((series, index) => ({
            label: series.label,
            fill: series.fill,
            stroke: series.fill,
            width: 0,
            paths: index === 0 ? topBar : lowerBar,
            points: { show: false },
          })),
        ],
        hooks: { setCursor: [(u) => setHovered(u.cursor.idx ?? null)] },
      },
      [days, ...drawn.map((series) => series.values)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [perDay]);

  const totals = SERIES.map(({ key }) => perDay.reduce((sum, entry) => sum + entry[key], 0));
  const shown = hovered === null ? null : perDay[hovered];
  return (
    <figure className="bo-chart-figure">
      <div
        ref={box}
        className="bo-chart"
        role="img"
        aria-label={`Requests per day: ${SERIES.map(({ label }, index) => `${totals[index]} ${label.toLowerCase()}`).join(', ')} in all.`}
      />
      <figcaption className="bo-chart-legend">
        <ul>
          {SERIES.map(({ key, label }, index) => (
            <li key={label}>
              <span className="bo-chart-swatch" data-kind={key} aria-hidden="true" />
              {label} <span className="bo-muted">{totals[index]}</span>
            </li>
          ))}
        </ul>
        <p className="bo-muted">{shown ? dayInWords(shown) : 'Point at or tap a day for its figures.'}</p>
      </figcaption>
    </figure>
  );
}
