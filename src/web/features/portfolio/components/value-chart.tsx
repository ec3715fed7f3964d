import { useValueHistory } from '../api/get-portfolio';
import { usd } from './portfolio-format';

const W = 600;
const H = 120;

/** Portfolio value over the last 30 days, one point per refresh (an SVG line; no chart library). */
export function ValueChart() {
  const history = useValueHistory();
  const points = history.data ?? [];
  if (points.length < 2) return null;
  const values = points.map((p) => p.currentValue);
  const min = Math.min(...values);
  const span = Math.max(...values) - min || 1;
  const t0 = Date.parse(points[0]!.at);
  const tSpan = Date.parse(points[points.length - 1]!.at) - t0 || 1;
  const path = points
    .map((p, i) => {
      const x = ((Date.parse(p.at) - t0) / tSpan) * W;
      const y = H - ((p.currentValue - min) / span) * (H - 8) - 4;
      return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const last = points[points.length - 1]!;
  return (
    <figure className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <figcaption className="mb-2 flex justify-between text-sm text-slate-400">
        <span>Portfolio value, last 30 days</span>
        <span className="text-slate-100">{usd(last.currentValue)}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-28 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-label={`Portfolio value from ${usd(values[0]!)} to ${usd(last.currentValue)}`}
      >
        <path
          d={path}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className="text-brand"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
    </figure>
  );
}
