import { lazy, Suspense, useState } from 'react';
import { useValueHistory } from '../api/get-portfolio';
import { spanText, usd } from './portfolio-format';

/** uPlot (~50 KB) loads only when the page has a history to draw: no other route pays for it. */
const ValuePlot = lazy(() => import('./value-plot'));

const HOUR = 3_600_000;

/**
 * Portfolio value, one point per book refresh (decision 0014), over the span the stored history
 * actually covers (at most 30 days). The legend shows the hovered point, else the latest.
 */
export function ValueChart() {
  const history = useValueHistory();
  const [hovered, setHovered] = useState<number | null>(null);
  const points = history.data ?? [];
  if (points.length < 2) return null;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const span = Date.parse(last.at) - Date.parse(first.at);
  const shown = (hovered !== null && points[hovered]) || last;
  const when = new Date(shown.at).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(span < HOUR ? { second: '2-digit' } : {}),
  });
  return (
    <figure
      className="rounded-xl border border-slate-800 bg-slate-900/60 p-4"
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
