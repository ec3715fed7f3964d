// The start-up bench's rows in the goals table: each figure of the runs beside a bare node:http
// server's start (or memory), with its goal where issue 45 §3 sets one.
import { addGoalRow, median } from './goals.ts';
import { loadNow } from './start-fresh-clone.ts';
import type { StartFigures } from './start-runs.ts';

export function addStartGoals(
  label: string,
  bare: { bareStart: number[]; bareRss: number[] },
  f: StartFigures,
) {
  const { bareStart, bareRss } = bare;
  const s = (xs: number[]) => xs.map((x) => x / 1000);
  // Issue 45 §3: every part ready, the local Base node included (load average on each line above).
  for (const [what, runs, goal, limitMs] of [
    [`Restart → ready, every part (${loadNow()} now${label})`, f.restartReady, '≤ 2 s', 2000],
    [
      `First start, fresh clone → ready, every part (${loadNow()} now${label})`,
      f.freshReady,
      '≤ 15 s',
      15_000,
    ],
    [
      `Restart, installed, existing data → first 200${label}`,
      f.restart,
      '≤ 5 s (target 2 s)',
      5000,
    ],
    [
      `First start, fresh clone (its build included) → first 200${label}`,
      f.fresh,
      '≤ 10 s',
      10_000,
    ],
  ] as const) {
    addGoalRow({
      what,
      unit: 's',
      baseline: median(s(bareStart)),
      runs: s(runs),
      goal,
      met: median(runs) <= limitMs,
    });
  }
  // Not goals of their own: how long until the API and the background start-up follow the page.
  for (const [what, runs] of [
    ['Restart → API answers (/api/health)', f.restartApi],
    ['First start → API answers (/api/health)', f.freshApi],
    ["First start, after ready → the first visitor's page (/)", f.demoFirstPage],
    ['First start, demo running → slowest page (/rewards)', f.demoPage],
    ['First start, demo running → slowest API read (leaderboard)', f.demoApi],
  ] as const) {
    addGoalRow({
      what: `${what}${label}`,
      unit: 's',
      baseline: median(s(bareStart)),
      runs: s(runs),
      goal: '-',
      met: null,
    });
  }
  addGoalRow({
    what: `Server memory, idle (RSS)${label}`,
    unit: 'MiB',
    baseline: median(bareRss),
    runs: f.idle,
    goal: '≤ 250 MiB',
    met: median(f.idle) <= 250,
  });
}
