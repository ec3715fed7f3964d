/**
 * The goals table (issue 11's first, later issues' since; a row names its goal): every row with
 * its same-run baseline, min/median/max of the runs, the ratio and whether the goal is met. Sections add rows; bench.ts prints them all at the end.
 */
export interface GoalRow {
  what: string;
  unit: string;
  /** Median of the baseline's runs, or null when this run has no baseline for the row. */
  baseline: number | null;
  runs: number[];
  /** What was seen, for a row that is a check rather than a figure (runs is then empty). */
  seen?: string;
  goal: string;
  met: boolean | null;
}

const rows: GoalRow[] = [];

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] as number) : Number.NaN;
};

export function addGoalRow(row: GoalRow) {
  rows.push(row);
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));

export function printGoalTable() {
  if (!rows.length) return;
  console.info('\n▶ Goals (same run; min / median / max of the runs)');
  const header = ['what', 'baseline', 'Upsider', 'ratio', 'goal', 'met'];
  const lines = rows.map((r) => {
    const m = median(r.runs);
    const runs = r.runs.length
      ? `${fmt(Math.min(...r.runs))} / ${fmt(m)} / ${fmt(Math.max(...r.runs))} ${r.unit}`
      : (r.seen ?? 'not measured');
    return [
      r.what,
      r.baseline === null ? '-' : `${fmt(r.baseline)} ${r.unit}`,
      runs,
      r.baseline ? `${((m / r.baseline) * 100).toFixed(0)}%` : '-',
      r.goal,
      r.met === null ? (r.goal === '-' ? '-' : '?') : r.met ? 'yes' : 'NO',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  for (const l of [header, ...lines]) {
    console.info(`  ${l.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')}`);
  }
}
