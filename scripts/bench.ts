// `npm run bench`: performance figures of the production build. Each section lives in
// scripts/bench/ and prints its own figures; add a section (e.g. transfers or agent commands
// per second) by appending it to SECTIONS. Everything runs against 127.0.0.1 only.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { activityHistoryBench } from './bench/activity-history.ts';
import { agentBench } from './bench/agent.ts';
import { analysesBench } from './bench/analyses.ts';
import { baseIndexerBench } from './bench/base-indexer.ts';
import { bundleSizes } from './bench/bundle-sizes.ts';
import { burstBench } from './bench/burst.ts';
import { evidenceScale } from './bench/evidence-scale.ts';
import { faultsBench } from './bench/faults.ts';
import { printGoalTable } from './bench/goals.ts';
import { httpThroughput } from './bench/http-throughput.ts';
import { leaderboardScale } from './bench/leaderboard-scale.ts';
import { lighthouseLanding } from './bench/lighthouse.ts';
import { mentionLatency } from './bench/mention-latency.ts';
import { multiProcessBench } from './bench/multi-process.ts';
import { startProductionServer } from './bench/production-server.ts';
import { startUp } from './bench/start-up.ts';
import { suiteTimeBench } from './bench/suite-time.ts';
import { testDbOpenBench } from './bench/test-db-open.ts';
import { transfersBench } from './bench/transfers.ts';
import type { BenchContext, BenchSection } from './bench/types.ts';
import { videoRenderBench } from './bench/video-render.ts';
import { xCostBench } from './bench/x-cost.ts';

const SECTIONS: BenchSection[] = [
  httpThroughput,
  bundleSizes,
  lighthouseLanding,
  transfersBench,
  agentBench,
  mentionLatency,
  multiProcessBench,
  analysesBench,
  startUp,
  evidenceScale,
  leaderboardScale,
  activityHistoryBench,
  baseIndexerBench,
  videoRenderBench,
  xCostBench,
  faultsBench,
  testDbOpenBench,
  burstBench,
  suiteTimeBench,
];

const distDir = path.resolve('dist/web');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync(path.join(distDir, 'index.html'))) {
  console.info('dist/web is missing: building first (npm run build)');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// BENCH_ONLY=http,start runs only the sections whose titles contain one of the words.
const only = process.env.BENCH_ONLY?.toLowerCase().split(',').filter(Boolean);
const selected = only
  ? SECTIONS.filter((s) => only.some((w) => s.title.toLowerCase().includes(w)))
  : SECTIONS;

/** The whole run must end by itself, even if a browser or the server hangs. */
// A long steady-posting run (the mention-latency goal's hour: BENCH_MENTION_MINUTES=60) gets its
// own minutes on top, as does a section asked for by name that names its own (the suite
// timing). Lighthouse alone takes about ten: every public page three times, and its baseline.
const DEADLINE_MS =
  (30 +
    Number(process.env.BENCH_MENTION_MINUTES ?? 0) +
    (only ? selected : []).reduce((sum, s) => sum + (s.minutes ?? 0), 0)) *
  60_000;

let server: Awaited<ReturnType<typeof startProductionServer>> | undefined;
let serverStarting: Promise<string> | undefined;
const ctx: BenchContext = {
  distDir,
  chromePath,
  server() {
    serverStarting ??= startProductionServer().then((s) => {
      server = s;
      return s.origin;
    });
    return serverStarting;
  },
};

const deadline = setTimeout(async () => {
  console.error(`bench: still running after ${DEADLINE_MS / 1000} s, stopping`);
  await server?.stop();
  process.exit(1);
}, DEADLINE_MS);

let failed = false;
try {
  for (const section of selected) {
    console.info(`\n▶ ${section.title}`);
    const started = performance.now();
    try {
      await section.run(ctx);
    } catch (err) {
      failed = true;
      console.error(`  ✗ ${section.title} failed:`, failureText(err));
    }
    console.info(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
} finally {
  await server?.stop();
  clearTimeout(deadline);
}
printGoalTable();
process.exit(failed ? 1 : 0);

/** An error's message and its causes' (a failed query's own reason is in its cause), no params. */
function failureText(err: unknown): string {
  const lines: string[] = [];
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const message = e instanceof Error ? e.message : String(e);
    lines.push(message.replace(/\nparams: .*/s, ''));
    if (!(e instanceof Error) || lines.length > 4) break;
  }
  return lines.join('\n    caused by: ');
}
