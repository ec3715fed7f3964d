import { lazy, Suspense, useState } from 'react';
import { shortDateTimeEnUs } from '@/web/lib/plain-format';
import { useValueHistory } from '../api/get-portfolio';
import { spanText, usd } from './portfolio-format';

/** uPlot (~50 KB) loads only when the page has a history to draw: no other route pays for it. */
const ValuePlot = lazy(() => import('./value-plot'));

const HOUR = 3_600_000;
const FRAME = 'rounded-xl border border-slate-800 bg-slate-900/60 p-4';

/** The chart's frame before its history: as tall as the drawn chart (caption, h-40 plot, legend). */
function ValueChartFrame() {
  return (
    <figure
      className={FRAME}
      data-testid="value-chart"
      aria-busy="true"
      aria-label="Portfolio value"
    >
      <figcaption className="mb-2 text-sm text-slate-400">Portfolio value</figcaption>
      <div className="h-40 animate-pulse rounded bg-slate-800/40" />
      <p className="mt-1 text-xs text-slate-400" aria-hidden="true">
        &nbsp;
      </p>
    </figure>
  );
}

/**
 * Portfolio value, one point per book refresh (decision 0014), over the span the stored history
 * actually covers (at most 30 days). The legend shows the hovered point, else the latest.
 */
export function ValueChart() {
  const history = useValueHistory();
  const [hovered, setHovered] = useState<number | null>(null);
  const points = history.data ?? [];
  // Its room is kept while the history loads: the chart arriving pushed the positions down
  // (CLS 0.11–0.22 on /polymarket). Same frame, caption and plot height as below.
  if (history.isPending) return <ValueChartFrame />;
  if (points.length < 2) return null;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const span = Date.parse(last.at) - Date.parse(first.at);
  const shown = (hovered !== null && points[hovered]) || last;
  const when = shortDateTimeEnUs(new Date(shown.at), span < HOUR);
  return (
    <figure
      className={FRAME}
      data-testid="value-chart"
      aria-label={`Portfolio value from ${usd(first.currentValue)} to ${usd(last.currentValue)}`}
    >
      <figcaption className="mb-2 flex flex-wrap justify-between gap-x-3 text-sm text-slate-400">
        <span>Portfolio value, last {spanText(span)}</span>
        <span className="text-slate-100">{usd(last.currentValue)}</span>
      </figcaption>
      <Suspense fallback={<div className="h-40" />}>
        <ValuePlot points={points} onCursor={setHovered} />
      </Suspense>
      <p className="mt-1 text-xs text-slate-400" data-testid="chart-legend">
        {shown === last && hovered === null ? 'Latest · ' : ''}
        <time dateTime={shown.at}>{when}</time> ·{' '}
        <span className="text-slate-100 tabular-nums">{usd(shown.currentValue)}</span>
      </p>
    </figure>
  );
}
