// The faults `BENCH_ONLY=faults npm run bench` puts the product through, shortened from issue
// 45's durations (BENCH_FAULT_SECONDS, default 15) and printed as run. Each injects through the
// twins' shared switch (`<twin>/_admin/faults`, decision 0064), or (`process`) on PostgreSQL
// with several processes (faults-processes.ts); a row that cannot run here says why.

import type { ProcessFault } from './faults-processes.ts';

export interface PlannedFault {
  name: string;
  /** What the issue asks for, when the bench runs it shorter. */
  asked: string;
  twin?: string;
  /** Bodies POSTed to the twin's faults URL (durationMs is filled in). */
  inject?: Record<string, unknown>[];
  notRun?: string;
  /** What users see of the service besides the agent's answers (faults-base.ts). */
  watch?: 'base';
  /** A process row: run on PostgreSQL with several processes (faults-processes.ts). */
  process?: ProcessFault;
}

export function faultPlan(): PlannedFault[] {
  return [
    {
      name: 'X 503s',
      asked: '2 min',
      twin: 'x',
      inject: [{ path: '/2/*', status: 503 }],
    },
    {
      name: 'X 429 storm',
      asked: 'storms',
      twin: 'x',
      inject: [{ path: '/2/*', status: 429 }],
    },
    {
      name: 'X post creation times out (post made)',
      asked: 'timeouts',
      twin: 'x',
      inject: [{ path: '/2/tweets', method: 'POST', timeoutMs: 2_000, afterHandling: true }],
    },
    {
      name: 'X post creation times out (not made)',
      asked: 'timeouts',
      twin: 'x',
      inject: [{ path: '/2/tweets', method: 'POST', timeoutMs: 2_000 }],
    },
    {
      name: 'Constellation L1 refuses connections',
      asked: '60 s',
      twin: 'constellation',
      inject: [{ path: '/*-l1/*', reset: true }],
    },
    {
      name: 'Constellation L0 makes no snapshot',
      asked: '60 s',
      twin: 'constellation',
      inject: [{ kind: 'stallSnapshots' }],
    },
    {
      name: 'block explorer behind',
      asked: '2 min',
      twin: 'constellation',
      inject: [{ kind: 'explorerLag' }],
    },
    {
      name: 'Digital Evidence 500s',
      asked: 'a while',
      twin: 'evidence',
      inject: [{ path: '/v1/*', status: 500 }],
    },
    {
      name: 'Digital Evidence slow',
      asked: 'slow batches',
      twin: 'evidence',
      inject: [{ path: '/v1/*', delayMs: 5_000 }],
    },
    { name: 'Polymarket 500s', asked: 'a while', twin: 'polymarket', inject: [{ status: 500 }] },
    { name: 'LLM times out', asked: 'a while', twin: 'llm', inject: [{ timeoutMs: 30_000 }] },
    { name: 'market price feed down', asked: 'a while', twin: 'market', inject: [{ reset: true }] },
    {
      name: 'X webhook deliveries lost',
      asked: 'lost',
      twin: 'x',
      inject: [{ kind: 'dropDeliveries' }],
    },
    {
      // Every eth_getLogs refused as too wide: the indexer halves down to one block, then fails.
      name: 'Base RPC range errors',
      asked: 'a while',
      twin: 'base',
      inject: [{ path: '/rpc/eth_getLogs', status: 413 }],
      watch: 'base',
    },
    {
      name: 'Base RPC timeouts',
      asked: 'a while',
      twin: 'base',
      inject: [{ path: '/rpc*', timeoutMs: 15_000 }],
      watch: 'base',
    },
    // On PostgreSQL with 2 API processes and 2 workers (faults-processes.ts).
    { name: 'PostgreSQL restarted (emulated)', asked: 'under load', process: 'postgres' },
    { name: 'agent worker kill -9', asked: 'under load', process: 'kill9' },
    { name: 'API process restarted', asked: 'under load', process: 'api' },
  ];
}
