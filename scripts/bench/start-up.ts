// Bench section `startUp`: `npm start` to its first 200 and idle memory, beside a bare node:http
// server. The parts: start-server.ts (one timed start), start-process-group.ts (stop, RSS),
// start-runs.ts (the bare, fresh-clone and restart runs), start-goals.ts (the goal rows).
import { busyCoreCounts, busyLabel, keepCoresBusy } from './busy-cores.ts';
import { addStartGoals } from './start-goals.ts';
import { bareRuns, startRuns } from './start-runs.ts';
import type { BenchSection } from './types.ts';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
const PORT_BASE = Number(process.env.BENCH_START_PORT ?? 4345);

/**
 * Fresh start, restart on existing data, idle memory; next to a bare node:http server. Once per
 * count in BENCH_BUSY_CORES (default 0): `0,1` measures on the machine as it is, then with one
 * core kept busy by another process (issue 45 §3: the goals hold "even with other work").
 */
export const startUp: BenchSection = {
  title: 'Start-up (npm start → first 200) and idle memory',
  async run() {
    for (const busy of busyCoreCounts()) {
      const other = keepCoresBusy(busy);
      try {
        await measureStarts(busy);
      } finally {
        other.stop();
      }
    }
  },
};

async function measureStarts(busy: number) {
  const label = busyLabel(busy);
  if (busy) console.info(`  with ${busy} core(s) kept busy by another process:`);
  const bare = await bareRuns(RUNS, PORT_BASE);
  const figures = await startRuns(RUNS, PORT_BASE);
  for (const line of figures.parts) console.info(line);
  addStartGoals(label, bare, figures);
}
