import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DashboardView } from '../../../schemas/dashboard.ts';

/** One colour per kind, the same in the line and its legend. */
const SERIES = [
  { key: 'callbacks', label: 'Contacts', stroke: '#0b5cad' },
  { key: 'quotes', label: 'Quotes', stroke: '#b35c00' },
  { key: 'renewals', label: 'Renewals', stroke: '#2e7d32' },
] as const;

const HEIGHT = 260;
/** The back-office's font on the canvas too. */
const AXIS_FONT = '12px "Figtree Variable", system-ui, sans-serif';

/** Axis dates as Ireland writes them ("27 Aug"), on Dublin's calendar; uPlot's own are US-style (8/27). */
const dayLabel = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * Requests per day by kind (the days the dashboard chose), drawn by uPlot on a canvas (no inline
 * scripts or style elements, so the page's CSP holds). Loaded only by the dashboard.
 */
export default function DashboardChart({ perDay }: { perDay: DashboardView['perDay'] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Noon UTC on each Dublin day keeps every point on its own date in the axis labels.
    const days = perDay.map((entry) => Date.parse(`${entry.day}T12:00:00Z`) / 1000);
    const data: uPlot.AlignedData = [days, ...SERIES.map((series) => perDay.map((entry) => entry[series.key]))];
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        scales: { y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
        // The legend names the lines, each marker filled with its line's colour (uPlot's are hollow);
        // the figures of a day show on hover, in the tooltip-like row.
        legend: { live: false, markers: { fill: (_u, index) => SERIES[index - 1]?.stroke ?? 'transparent' } },
        axes: [
          // Days along the bottom without a line each: the counts' lines are what the eye should follow.
          { values: (_u, splits) => splits.map((ts) => dayLabel.format(new Date(ts * 1000))), font: AXIS_FONT, stroke: '#4a5866', grid: { show: false } },
          { label: 'Requests', font: AXIS_FONT, labelFont: AXIS_FONT, stroke: '#4a5866', grid: { stroke: '#e1e7ec' } },
        ],
        series: [
          { label: 'Day', value: (_u, ts) => (ts == null ? '--' : dayLabel.format(new Date(ts * 1000))) },
          // Dashes on all but the first line: where two kinds had the same count, both still show.
          ...SERIES.map((series, index) => ({
            label: series.label,
            stroke: series.stroke,
            width: 2,
            dash: index === 0 ? undefined : index === 1 ? [8, 5] : [3, 4],
            points: { show: false },
          })),
        ],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [perDay]);
  return <div ref={box} className="bo-chart" />;
}
