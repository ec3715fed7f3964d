import { lazy, Suspense } from 'react';
import { useValueHistory } from '../api/get-portfolio';
import { usd } from './portfolio-format';

/** uPlot (~50 KB) loads only when the page has a history to draw: no other route pays for it. */
const ValuePlot = lazy(() => import('./value-plot'));

/** Portfolio value over the last 30 days, one point per book refresh (decision 0014). */
export function ValueChart() {
  const history = useValueHistory();
  const points = history.data ?? [];
  if (points.length < 2) return null;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return (
    <figure
      className="rounded-xl border border-slate-800 bg-slate-900/60 p-4"
      aria-label={`Portfolio value from ${usd(first.currentValue)} to ${usd(last.currentValue)}`}
    >
      <figcaption className="mb-2 flex justify-between text-sm text-slate-400">
        <span>Portfolio value, last 30 days</span>
        <span className="text-slate-100">{usd(last.currentValue)}</span>
      </figcaption>
      <Suspense fallback={<div className="h-40" />}>
        <ValuePlot points={points} />
      </Suspense>
    </figure>
  );
}
