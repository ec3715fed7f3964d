import { useEffect, useRef } from 'react';
import 'uplot/dist/uPlot.min.css';
import { axisDollars } from './portfolio-format';
import uPlot from './uplot';

const HEIGHT = 160;
const AXIS = { stroke: '#94a3b8', grid: { stroke: '#1e293b' }, ticks: { stroke: '#334155' } };

/** Room for the longest dollar label (about 7 px a character at 12 px) beside the plot. */
const axisWidth = (labels: string[] | null) =>
  Math.max(48, Math.max(0, ...(labels ?? []).map((l) => l.length)) * 7 + 18);

/**
 * The value line drawn by uPlot: time axis and dollar axis (labels distinct however narrow the
 * range). The legend is the caller's: `onCursor` gets the hovered point's index, null on leave.
 * The dollar labels drawn are kept in `data-y-ticks` (the canvas holds no text to read).
 */
export default function ValuePlot({
  points,
  onCursor,
}: {
  points: { at: string; currentValue: number }[];
  onCursor: (index: number | null) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const cursor = useRef(onCursor);
  cursor.current = onCursor;
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
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        axes: [
          { ...AXIS },
          {
            ...AXIS,
            size: (_u, values) => axisWidth(values),
            values: (_u, ticks) => {
              const labels = axisDollars(ticks);
              el.dataset.yTicks = labels.join('|');
              return labels;
            },
          },
        ],
        series: [
          {},
          { label: 'Value', stroke: '#38bdf8', width: 2, fill: 'rgba(56, 189, 248, 0.08)' },
        ],
        hooks: { setCursor: [(u) => cursor.current(u.cursor.idx ?? null)] },
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
  // As tall as the plot before uPlot fills it (after the first paint, in an effect): an empty box
  // there collapsed the figure for a frame, two shifts of the positions below (CLS 2 × 0.05).
  return <div ref={box} className="value-plot h-40 w-full text-xs text-slate-300" />;
}
