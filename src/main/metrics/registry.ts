import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { RankingStore } from '@/core/holders/published-ranking.ts';
import type { HotWalletExcess } from '@/core/hot-wallets/index.ts';
import type { Db } from '@/db/client.ts';
import { rowsOf } from '@/db/rows-of.ts';
import { installTelemetry, type Telemetry } from '@/shared/telemetry.ts';
import { registerHotWalletMetrics } from './hot-wallet-metrics.ts';
import { withLogIds } from './log-context.ts';
import { registerXSpendMetrics } from './x-spend-metrics.ts';

const HOLDER_NETWORKS = ['constellation', 'base'] as const;

/** A snapshot ordinal that moved this long ago or earlier, read this recently, is reported. */
const SNAPSHOT_READ_RECENT_MS = 60_000;

const LATENCY = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LAG = [1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1800, 3600];
const WORK = [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300];

export interface Metrics {
  registry: Registry;
  /** The Prometheus text of everything (the database gauges are read now). */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/**
 * The process's metrics (prom-client, one registry per call): histograms and counters observed
 * where things happen (through the telemetry port this installs), gauges that need the database
 * read at scrape time with one cheap query each, and Node's process metrics (memory, event-loop
 * delay). Also binds log ids for the logger (log-context.ts). Every family is documented in
 * docs/OPERATIONS.md ("Metrics and alerts").
 */
export function createMetrics(
  db: Db,
  opts: {
    now?: () => Date;
    /** The published holder rankings, where this process runs the holder indexers. */
    holders?: Pick<RankingStore, 'get'>;
    /** The system wallets against their hot-wallet ceilings, where this process reads them. */
    hotWallets?: () => Promise<HotWalletExcess[]>;
  } = {},
): Metrics {
  const now = opts.now ?? (() => new Date());
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  registerXSpendMetrics(registry, db, now);
  if (opts.hotWallets) registerHotWalletMetrics(registry, opts.hotWallets);

  const httpRequests = new Counter({
    name: 'upsider_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    registers,
  });
  const httpDuration = new Histogram({
    name: 'upsider_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern and method',
    labelNames: ['route', 'method'],
    buckets: LATENCY,
    registers,
  });
  const jobDuration = new Histogram({
    name: 'upsider_job_duration_seconds',
    help: 'Durable-queue jobs handled, by queue, kind and outcome (done, retry, failed)',
    labelNames: ['queue', 'kind', 'outcome'],
    buckets: WORK,
    registers,
  });
  const agentLag = new Histogram({
    name: 'upsider_agent_reply_lag_seconds',
    help: 'From a mention being posted on X to the agent posting its reply',
    buckets: LAG,
    registers,
  });
  const llmDuration = new Histogram({
    name: 'upsider_llm_request_duration_seconds',
    help: 'LLM completions (all attempts of one ask), by outcome',
    labelNames: ['outcome'],
    buckets: WORK,
    registers,
  });
  const renderDuration = new Histogram({
    name: 'upsider_video_render_duration_seconds',
    help: 'Promotion video renders (draw + ffmpeg encode), by outcome',
    labelNames: ['outcome'],
    buckets: WORK,
    registers,
  });
  const timeToConfirmed = new Histogram({
    name: 'upsider_transfer_time_to_confirmed_seconds',
    help: 'From a transfer intent being recorded to its confirmation on the network, by token',
    labelNames: ['token'],
    buckets: LAG,
    registers,
  });

  /** Per token: the newest ordinal seen, when it first appeared, when it was last read. */
  const snapshots = new Map<string, { ordinal: bigint; since: number; readAt: number }>();
  new Gauge({
    name: 'upsider_snapshot_lag_seconds',
    help: "Seconds since the network's newest snapshot the transfer confirmer reads moved (tokens read in the last minute)",
    labelNames: ['token'],
    registers,
    collect() {
      this.reset();
      const at = Date.now();
      for (const [token, s] of snapshots) {
        if (at - s.readAt <= SNAPSHOT_READ_RECENT_MS) this.set({ token }, (at - s.since) / 1000);
      }
    },
  });

  // Each query below fills two gauges: both collect through one read per scrape (`perScrape`),
  // since prom-client collects every metric of a scrape at once.
  const readQueues = perScrape(async () => {
    const rows = await read<{ queue: string; depth: string; oldest: string | null }>(
      db,
      sql`select 'agent_inbox' as queue, count(*) as depth,
            min(received_at) filter (where next_attempt_at <= ${now()}) as oldest
          from agent_inbox where status = 'pending'
        union all
        select 'agent_outbox', count(*), min(created_at) filter (where next_attempt_at <= ${now()})
          from agent_outbox where status = 'pending'
        union all
        select 'jobs:' || kind, count(*), min(created_at) filter (where next_attempt_at <= ${now()})
          from jobs where status = 'pending' group by kind`,
    );
    if (!rows) return;
    queueDepth.reset();
    queueOldest.reset();
    for (const r of rows) {
      queueDepth.set({ queue: r.queue }, Number(r.depth));
      queueOldest.set({ queue: r.queue }, r.oldest ? ageSeconds(now(), r.oldest) : 0);
    }
  });
  const queueDepth = new Gauge({
    name: 'upsider_queue_depth',
    help: 'Pending jobs per durable queue (agent_inbox, agent_outbox, jobs:<kind>)',
    labelNames: ['queue'],
    registers,
    collect: readQueues,
  });
  const queueOldest = new Gauge({
    name: 'upsider_queue_oldest_job_age_seconds',
    help: 'Age of the oldest pending job that is due, per durable queue (0 when none)',
    labelNames: ['queue'],
    registers,
    collect: readQueues,
  });

  const readBudget = perScrape(async () => {
    const rows = await read<{ key: string; value: unknown }>(
      db,
      sql`select key, value from agent_state where key in ('x_rate_mentions', 'x_rate_lookup')`,
    );
    if (!rows) return;
    budgetLimit.reset();
    budgetLeft.reset();
    for (const r of rows) {
      const endpoint = r.key === 'x_rate_mentions' ? 'mentions' : 'lookup';
      const v = (typeof r.value === 'string' ? JSON.parse(r.value) : r.value) as {
        limit: number;
        remaining: number;
        resetAt: string;
      };
      const windowOver = new Date(v.resetAt) <= now();
      budgetLimit.set({ endpoint }, Number(v.limit));
      budgetLeft.set({ endpoint }, windowOver ? Number(v.limit) : Number(v.remaining));
    }
  });
  const budgetLimit = new Gauge({
    name: 'upsider_x_read_budget_limit',
    help: "X's read allowance per window, by endpoint (mentions timeline, post lookups)",
    labelNames: ['endpoint'],
    registers,
    collect: readBudget,
  });
  const budgetLeft = new Gauge({
    name: 'upsider_x_read_budget_remaining',
    help: 'X reads left in the current window, by endpoint (the limit once the window has reset)',
    labelNames: ['endpoint'],
    registers,
    collect: readBudget,
  });

  const readTransfers = perScrape(async () => {
    const rows = await read<{ state: string; n: string; oldest: string | null }>(
      db,
      sql`select state, count(*) as n,
            min(created_at) filter (where state in ('pending', 'submitted')) as oldest
          from transfers group by state`,
    );
    if (!rows) return;
    transfersByState.reset();
    for (const s of ['pending', 'submitted', 'confirmed', 'rejected']) {
      transfersByState.set({ state: s }, 0);
    }
    let oldest = 0;
    for (const r of rows) {
      transfersByState.set({ state: r.state }, Number(r.n));
      if (r.oldest) oldest = Math.max(oldest, ageSeconds(now(), r.oldest));
    }
    oldestOpen.set(oldest);
  });
  const transfersByState = new Gauge({
    name: 'upsider_transfers',
    help: 'Transfers by state (pending, submitted, confirmed, rejected)',
    labelNames: ['state'],
    registers,
    collect: readTransfers,
  });
  const oldestOpen = new Gauge({
    name: 'upsider_transfer_oldest_open_age_seconds',
    help: 'Age of the oldest transfer still pending or submitted (0 when none)',
    registers,
    collect: readTransfers,
  });

  // The holder indexers run in this process (npm start), their state in memory: the newest
  // snapshot or block each has read (published or found unchanged), and since when reads fail.
  const indexed = () =>
    HOLDER_NETWORKS.flatMap((network) => {
      const r = opts.holders?.get(network);
      return r ? [{ network, r }] : [];
    });
  new Gauge({
    name: 'upsider_indexer_lag_seconds',
    help: 'Age of the newest snapshot (Constellation) or block (Base) the holder indexer has read, per network',
    labelNames: ['network'],
    registers,
    collect() {
      this.reset();
      for (const { network, r } of indexed()) {
        this.set({ network }, ageSeconds(now(), r.readAt?.time ?? r.list.asOf?.time ?? r.asOf));
      }
    },
  });
  new Gauge({
    name: 'upsider_indexer_failing_seconds',
    help: 'Seconds every read of the network has failed for, per network (0 while reads succeed)',
    labelNames: ['network'],
    registers,
    collect() {
      this.reset();
      for (const { network, r } of indexed()) {
        this.set({ network }, r.failingSince ? ageSeconds(now(), r.failingSince) : 0);
      }
    },
  });

  const telemetry: Telemetry = {
    httpRequest(route, method, status, seconds) {
      httpRequests.inc({ route, method, status: String(status) });
      httpDuration.observe({ route, method }, seconds);
    },
    job(queue, kind, outcome, seconds) {
      jobDuration.observe({ queue, kind, outcome }, seconds);
    },
    agentReplySent: (seconds) => agentLag.observe(Math.max(0, seconds)),
    llmRequest: (outcome, seconds) => llmDuration.observe({ outcome }, seconds),
    videoRender: (outcome, seconds) => renderDuration.observe({ outcome }, seconds),
    transferConfirmed: (token, seconds) => timeToConfirmed.observe({ token }, Math.max(0, seconds)),
    snapshotSeen(token, ordinal) {
      const at = Date.now();
      const prev = snapshots.get(token);
      if (prev && prev.ordinal >= ordinal) prev.readAt = at;
      else snapshots.set(token, { ordinal, since: at, readAt: at });
    },
    withLogIds,
  };
  installTelemetry(telemetry);

  return {
    registry,
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/** One run of `fn` shared by every caller while it is under way (the metrics of one scrape). */
function perScrape(fn: () => Promise<void>) {
  let running: Promise<void> | null = null;
  return () => {
    running ??= fn().finally(() => {
      running = null;
    });
    return running;
  };
}

const ageSeconds = (now: Date, at: string | Date) =>
  Math.max(0, (now.getTime() - new Date(at).getTime()) / 1000);

/** One scrape-time query; a failed one leaves its gauges as they were (the scrape still answers). */
async function read<Row>(db: Db, query: ReturnType<typeof sql>): Promise<Row[] | null> {
  try {
    return rowsOf<Row>(await db.execute(query));
  } catch {
    return null;
  }
}
