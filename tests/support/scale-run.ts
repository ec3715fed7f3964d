import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { rowsOf } from '@/db/rows-of.ts';
import { SANDBOX_EVIDENCE_DEFAULTS } from '@/main/config-evidence.ts';
import { SANDBOX_MARKET_COIN_ID } from '@/main/config-premium.ts';
import { type AgentEnv, startAgentEnv } from './agent-env.ts';
import { childProcessEnv, freePort } from './child-env.ts';
import { type ChildEntry, nodeArgs } from './node-entry.ts';
import { READINESS_POLL_MS } from './readiness-balancer.ts';
import { waitRealMs } from './real-time.ts';
import { balancedLoad, sendRequest } from './scale-run-http.ts';
import { wordOf } from './scale-run-mentions.ts';

/**
 * The multi-process run, shared by `npm run bench` (scripts/bench/multi-process.ts) and
 * tests/integration/main/scale-multi-process.test.ts: the local X and the local Constellation network
 * served by this process on one PostgreSQL database, agent workers (`npm run agent`) and API
 * processes (`AGENT_IN_PROCESS=false npm start`) as real child processes on the same database,
 * pointed at them as at the real services (SANDBOX=false).
 */

/** X's limits lifted: the run measures our processes, not X's 100 posts per 15 minutes. */
const UNLIMITED = 10_000_000;
const LIFTED_X_LIMITS = {
  usersMe: UNLIMITED,
  usersLookup: UNLIMITED,
  mentions: UNLIMITED,
  tweetLookup: UNLIMITED,
  userTweets: UNLIMITED,
  tweetCreate: UNLIMITED,
  tweetCreateAppDaily: UNLIMITED,
  tweetCreateThreeHours: UNLIMITED,
  usersLookupApp: UNLIMITED,
  mentionsApp: UNLIMITED,
  tweetLookupApp: UNLIMITED,
};

export interface Child {
  name: string;
  process: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

export interface ScaleRunOptions {
  database: Database & { url: string };
  nodeEnv: 'test' | 'development';
  /** How long a claimed job stays leased (a kill -9'd worker's work waits this long). */
  leaseMs: number;
  snapshotIntervalMs: number;
  pageViewsPerMinute: number;
  /** Child output goes to files here (kept for a failed run). */
  logDir?: string;
  logLevel?: string;
  /** The local X's limits over the lifted ones (the burst bench: X's posting windows). */
  xLimits?: Partial<typeof LIFTED_X_LIMITS>;
  /** Environment of every child process over the run's (the agent's own pacing, say). */
  env?: Record<string, string>;
}

export type ScaleRun = Awaited<ReturnType<typeof startScaleRun>>;

export async function startScaleRun(o: ScaleRunOptions) {
  const port = await freePort();
  const t: AgentEnv = await startAgentEnv({
    database: o.database,
    env: {
      PORT: String(port),
      SANDBOX_SNAPSHOT_INTERVAL_MS: String(o.snapshotIntervalMs),
      X_TOKEN_ENC_KEYS: '',
      X_TOKEN_MAC_KEYS: '',
    },
    xLimits: { ...LIFTED_X_LIMITS, ...o.xLimits },
  });
  const server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' });
  const logDir = o.logDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-scale-'));
  const baseEnv: Record<string, string> = {
    ...(await childProcessEnv(t, {
      databaseUrl: o.database.url,
      nodeEnv: o.nodeEnv,
      logLevel: o.logLevel ?? 'warn',
    })),
    // "fingerprint this" and "subscribe" reach the local Digital Evidence API and market data.
    DIGITAL_EVIDENCE_URL: `${t.config.publicUrl}/sandbox/evidence`,
    DIGITAL_EVIDENCE_API_KEY: SANDBOX_EVIDENCE_DEFAULTS.apiKey,
    DIGITAL_EVIDENCE_ORG_ID: SANDBOX_EVIDENCE_DEFAULTS.orgId,
    DIGITAL_EVIDENCE_TENANT_ID: SANDBOX_EVIDENCE_DEFAULTS.tenantId,
    DIGITAL_EVIDENCE_SIGNING_KEY: SANDBOX_EVIDENCE_DEFAULTS.signingKey,
    DIGITAL_EVIDENCE_BATCH_PUBLIC_KEY: SANDBOX_EVIDENCE_DEFAULTS.batchPublicKey,
    MARKET_API_URL: `${t.config.publicUrl}/sandbox/market/api/v3`,
    MARKET_COIN_ID: SANDBOX_MARKET_COIN_ID,
    // Subscriptions cost ~500 UP: no confirmation step in this run.
    AGENT_CONFIRM_ABOVE_UP: '100000',
    AGENT_LEASE_MS: String(o.leaseMs),
    AGENT_POLL_INTERVAL_MS: '200',
    AGENT_X_POSTS_PER_15_MIN: String(UNLIMITED),
    AGENT_X_POSTS_PER_3_HOURS: String(UNLIMITED),
    RATE_LIMIT_PAGE_VIEWS_PER_MINUTE: String(o.pageViewsPerMinute),
    AGENT_IN_PROCESS: 'false',
    ...o.env,
  };
  const children = new Set<Child>();
  const spawnChild = (name: string, entry: ChildEntry, env: Record<string, string>): Child => {
    const log = fs.openSync(path.join(logDir, `${name}.log`), 'a');
    const child = spawn(process.execPath, nodeArgs(entry), {
      env: { ...process.env, ...baseEnv, ...env },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    const exited = new Promise<Child['exited'] extends Promise<infer T> ? T : never>((r) =>
      child.once('exit', (code, signal) => r({ code, signal, at: Date.now() })),
    );
    const handle = { name, process: child, exited };
    children.add(handle);
    void exited.then(() => children.delete(handle));
    return handle;
  };

  const apiPorts = new Map<string, number>();
  const run = {
    t,
    logDir,
    origin: t.config.publicUrl,
    /** `npm run agent`. */
    worker(name: string, env: Record<string, string> = {}) {
      return spawnChild(name, 'src/main/agent-worker.ts', env);
    },
    /** `AGENT_IN_PROCESS=false npm start` on its own port (the same one again on a restart). */
    async api(name: string) {
      const apiPort = apiPorts.get(name) ?? (await freePort());
      apiPorts.set(name, apiPort);
      const child = spawnChild(name, 'src/main/server.ts', {
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        // Four of the balancer's readiness polls: it stops sending before the listener closes.
        SHUTDOWN_DELAY_MS: String(4 * READINESS_POLL_MS),
      });
      for (let waited = 0; ; waited += 100) {
        if (child.process.exitCode !== null) throw new Error(`${name} exited at start-up`);
        const res = await fetch(`http://127.0.0.1:${apiPort}/api/health/ready`).catch(() => null);
        if (res?.status === 200) break;
        if (waited > 120_000) throw new Error(`${name} not ready after 2 min (${logDir})`);
        await waitRealMs(100, 'process: the worker child starts in its own time');
      }
      return { ...child, port: apiPort };
    },
    /** SIGTERM, then the exit code and how long it took. */
    async terminate(child: Child) {
      const t0 = Date.now();
      child.process.kill('SIGTERM');
      const { code, signal, at } = await child.exited;
      return { code, signal, ms: at - t0 };
    },
    async kill9(child: Child) {
      child.process.kill('SIGKILL');
      await child.exited;
    },
    async query<T>(q: ReturnType<typeof sql>) {
      return rowsOf<T>(await t.deps.db.execute(q));
    },
    async users(count: number) {
      const names = Array.from({ length: count }, (_, i) => `scaler${wordOf(i)}`);
      for (let i = 0; i < names.length; i += 20) {
        await Promise.all(names.slice(i, i + 20).map((n) => t.user(n)));
      }
      return names;
    },
    /**
     * Posts `items` (author, text[, replying to]) one after another; their ids in order. Not
     * concurrently: the local X numbers a post before it commits, so of two posts made at once
     * the lower id can commit after a mentions read already moved the cursor past the higher.
     */
    async post(items: { author: string; text: string; inReplyToId?: string }[]) {
      const ids: string[] = [];
      for (const it of items) {
        ids.push((await t.post(it.author, it.text, { inReplyToId: it.inReplyToId })).id);
      }
      return ids;
    },
    /** Waits until every post has a reply from the agent; false on timeout. */
    async waitAnswered(ids: string[], timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const [row] = await run.query<{ n: number }>(sql`
          select count(distinct p.id)::int as n from sandbox.x_posts p
          join sandbox.x_posts r on r.in_reply_to_id = p.id
          join sandbox.x_users u on u.id = r.author_id and lower(u.username) = lower(${t.config.publicConfig.agentHandle})
          where p.id = any(string_to_array(${ids.join(',')}, ',')::bigint[])`);
        if (row!.n >= ids.length) return true;
        await waitRealMs(250, 'process: the worker children answer in their own time');
      }
      return false;
    },
    /** What holds up the posts still unanswered (for a failed run's message). */
    async diagnose(ids: string[]) {
      return run.query(sql`
        select i.post_id, i.status, i.attempts, i.locked_by, i.locked_until, i.next_attempt_at,
          i.last_error, o.status as outbox, o.attempts as outbox_attempts, o.locked_by as outbox_locked_by,
          o.last_error as outbox_error, o.next_attempt_at as outbox_next
        from unnest(string_to_array(${ids.join(',')}, ',')) as p(id)
        left join agent_inbox i on i.post_id = p.id
        left join agent_outbox o on o.post_id = p.id
        where not exists (select 1 from sandbox.x_posts r where r.in_reply_to_id = p.id::bigint
          and r.author_id = (select id from sandbox.x_users where lower(username) = lower(${t.config.publicConfig.agentHandle})))
        limit 10`);
    },
    /** Post → agent's reply on the local X, per post, and the span from first post to last reply. */
    async replyTimes(ids: string[]) {
      const rows = await run.query<{ ms: number; posted: Date; replied: Date }>(sql`
        select extract(epoch from (min(r.created_at) - p.created_at)) * 1000 as ms,
               p.created_at as posted, min(r.created_at) as replied
        from sandbox.x_posts p
        join sandbox.x_posts r on r.in_reply_to_id = p.id
        join sandbox.x_users u on u.id = r.author_id and lower(u.username) = lower(${t.config.publicConfig.agentHandle})
        where p.id = any(string_to_array(${ids.join(',')}, ',')::bigint[])
        group by p.id, p.created_at`);
      const ms = rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
      const first = Math.min(...rows.map((r) => new Date(r.posted).getTime()));
      const last = Math.max(...rows.map((r) => new Date(r.replied).getTime()));
      const pct = (p: number) =>
        ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))] ?? 0;
      return {
        answered: rows.length,
        seconds: (last - first) / 1000,
        perSecond: rows.length / ((last - first) / 1000),
        p50: pct(50),
        p95: pct(95),
      };
    },
    send: sendRequest,
    pageView(apiPort: number, from: string, pagePath: string) {
      return sendRequest(apiPort, '/api/analytics/pageview', {
        from,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
        body: JSON.stringify({ path: pagePath }),
      });
    },
    /** Balanced reads over the API processes until stopped (scale-run-http.ts). */
    load: balancedLoad,
    async close() {
      for (const child of [...children]) {
        child.process.kill('SIGKILL');
        await child.exited;
      }
      await new Promise((r) => server.close(r));
      await t.close();
    },
  };
  return run;
}
