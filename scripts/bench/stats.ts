/** The figures every bench section prints: nearest-rank percentiles over measured times. */

/** The p-th percentile of ascending `sorted` (nearest rank); 0 for an empty list. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs `run` `runs` times in a row and returns the times in ms, ascending. */
export async function timeRuns(runs: number, run: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

/** One line: `label  p50 … ms  p95 … ms  goal met (≤ goal ms)`, judged on p95. */
export function printP95Line(label: string, sorted: number[], goalMs: number, width = 48) {
  const p95 = percentile(sorted, 95);
  console.info(
    `  ${label.padEnd(width)} p50 ${percentile(sorted, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  ${p95 <= goalMs ? 'goal met' : 'goal NOT met'} (≤ ${goalMs} ms)`,
  );
}
