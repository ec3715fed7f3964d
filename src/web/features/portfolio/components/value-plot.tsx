import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { usd } from './portfolio-format';

/** Axis ticks stay short ($2.2K) so they fit a phone's width; the legend shows the exact value. */
const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

const HEIGHT = 160;
const AXIS = { stroke: '#94a3b8', grid: { stroke: '#1e293b' }, ticks: { stroke: '#334155' } };

/**
 * The value line drawn by uPlot: time axis, dollar axis, and a cursor whose legend shows the
 * value at the hovered refresh. Sized to its container and redrawn when the data changes.
 */
export default function ValuePlot({ points }: { points: { at: string; currentValue: number }[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [
      points.map((p) => Date.parse(p.at) / 1000),
      points.map((p) => p.currentValue),
    ];
    const plot = new uPlot(
      {
        width: el.clientWidth || 600,
        height: HEIGHT,
        legend: { show: true, live: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        axes: [
          { ...AXIS },
          { ...AXIS, size: 56, values: (_u, ticks) => ticks.map((v) => compactUsd.format(v)) },
        ],
        series: [
          { label: 'Time' },
          {
            label: 'Value',
            stroke: '#38bdf8',
            width: 2,
            fill: 'rgba(56, 189, 248, 0.08)',
            value: (_u, v) => (v == null ? '-' : usd(v)),
          },
        ],
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: el.clientWidth, height: HEIGHT }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [points]);
  return <div ref={box} className="value-plot w-full text-xs text-slate-300" />;
}
