import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { request as httpRequest } from 'node:http';
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
import { READINESS_POLL_MS, readinessBalancer } from './readiness-balancer.ts';
import { waitRealMs } from './real-time.ts';

/**
 * The multi-process run, shared by `npm run bench` (scripts/bench/multi-process.ts) and
 * tests/integration/main/scale-multi-process.test.ts: the local X and the local Constellation network
 * served by this process on one PostgreSQL database, agent workers (`npm run agent`) and API
 * processes (`AGENT_IN_PROCESS=false npm start`) as real child processes on the same database,
 * pointed at them as at the real services (SANDBOX=false).
 */

/** A word per number (digits in a post would read as amounts). */
export const wordOf = (n: number) => {
  let s = '';
  let v = n;
  do {
    s += String.fromCharCode(97 + (v % 26));
    v = Math.floor(v / 26);
  } while (v > 0);
  return s;
};

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
    worker(name: string) {
      return spawnChild(name, 'src/main/agent-worker.ts', {});
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
    /** One HTTP request from a chosen loopback address, without keep-alive. */
    send(
      apiPort: number,
      urlPath: string,
      opts: { from?: string; method?: string; headers?: Record<string, string>; body?: string },
    ) {
      return new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: apiPort,
            path: urlPath,
            method: opts.method ?? 'GET',
            headers: opts.headers,
            localAddress: opts.from ?? '127.0.0.1',
            agent: false,
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(opts.body);
      });
    },
    pageView(apiPort: number, from: string, pagePath: string) {
      return run.send(apiPort, '/api/analytics/pageview', {
        from,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
        body: JSON.stringify({ path: pagePath }),
      });
    },
    /**
     * Steady reads over the API processes until stopped, as a load balancer sends them: only to
     * processes whose readiness answers 200 (readiness-balancer.ts); a refused connection (a
     * process restarting) goes to the next process; any other failure (a reset, a cut
     * response, a 5xx) is a dropped request.
     */
    load(ports: () => number[], paths: string[], concurrency: number) {
      let stop = false;
      const balancer = readinessBalancer(ports);
      const stats = {
        ok: 0,
        refusedThenRetried: 0,
        dropped: 0,
        errors: [] as string[],
        notReadySaid: balancer.notReadySaid,
      };
      const one = async (n: number) => {
        const list = balancer.targets();
        for (let k = 0; k < list.length; k++) {
          const p = list[(n + k) % list.length]!;
          try {
            const status = await run.send(p, paths[n % paths.length]!, {});
            if (status >= 500) {
              stats.dropped++;
              stats.errors.push(`${status} ${paths[n % paths.length]}`);
            } else stats.ok++;
            return;
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code === 'ECONNREFUSED') {
              stats.refusedThenRetried++;
              continue;
            }
            stats.dropped++;
            stats.errors.push(String((err as Error).message));
            return;
          }
        }
        stats.dropped++;
        stats.errors.push('no process accepted');
      };
      const loops = Array.from({ length: concurrency }, async (_, i) => {
        for (let n = i; !stop; n += concurrency) await one(n);
      });
      return {
        stats,
        async stop() {
          stop = true;
          await Promise.all(loops);
          await balancer.stop();
          return stats;
        },
      };
    },
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

/** The invariants every multi-process run ends with, read from the database. */
export async function checkInvariants(
  run: ScaleRun,
  p: { mentions: string[]; sends: string[]; supplyBefore: Record<string, bigint> },
) {
  const agent = run.t.config.publicConfig.agentHandle;
  const problems: string[] = [];
  const replyCounts = await run.query<{ id: string; n: number }>(sql`
    select p.id::text as id, count(r.id)::int as n from sandbox.x_posts p
    left join sandbox.x_posts r on r.in_reply_to_id = p.id
      and r.author_id = (select id from sandbox.x_users where lower(username) = lower(${agent}))
    where p.id = any(string_to_array(${p.mentions.join(',')}, ',')::bigint[])
    group by p.id`);
  const notOnce = replyCounts.filter((r) => r.n !== 1);
  if (replyCounts.length !== p.mentions.length || notOnce.length > 0) {
    problems.push(
      `replies: ${notOnce.length} posts not answered exactly once (${notOnce
        .slice(0, 5)
        .map((r) => `${r.id}×${r.n}`)
        .join(', ')})`,
    );
  }
  const inbox = await run.query<{ status: string; n: number; leased: number }>(sql`
    select status, count(*)::int as n,
      count(*) filter (where locked_until is not null and status = 'pending')::int as leased
    from agent_inbox where post_id = any(string_to_array(${p.mentions.join(',')}, ',')) group by status`);
  const inboxDone = inbox.find((r) => r.status === 'done')?.n ?? 0;
  if (inboxDone !== p.mentions.length)
    problems.push(`inbox: ${JSON.stringify(inbox)} (expected all ${p.mentions.length} done)`);
  const leased = await run.query<{ q: string; n: number }>(sql`
    select 'jobs' as q, count(*)::int as n from jobs where status = 'pending' and locked_by is not null
    union all select 'inbox', count(*)::int from agent_inbox where status = 'pending' and locked_by is not null
    union all select 'outbox', count(*)::int from agent_outbox where status = 'pending' and locked_by is not null`);
  const outbox = await run.query<{ status: string; n: number }>(sql`
    select status, count(*)::int as n from agent_outbox group by status`);
  if (outbox.some((r) => r.status !== 'sent'))
    problems.push(`outbox: ${JSON.stringify(outbox)} (expected every reply sent)`);
  // Sends: one transfer per post, confirmed, its transaction accepted on the network once.
  const transfers = await run.query<{ key: string; state: string; n: number; accepted: number }>(
    sql`select t.idempotency_key as key, t.state, count(*) over (partition by t.idempotency_key)::int as n,
      (select count(*)::int from transfer_transactions tt
        join sandbox.constellation_transactions ct on ct.hash = tt.hash
        where tt.transfer_id = t.id and tt.kind = 'payment') as accepted
    from transfers t where t.idempotency_key = any(string_to_array(${p.sends.join(',')}, ','))`,
  );
  const badTransfers = transfers.filter(
    (r) => r.n !== 1 || r.state !== 'confirmed' || r.accepted !== 1,
  );
  // A send the agent refused (and said why) moves nothing: only a send that moved must be settled.
  const found = new Set(transfers.map((r) => r.key));
  const missing = p.sends.filter((k) => !found.has(k));
  const refusals = missing.length
    ? await run.query<{ id: string; text: string; reply: string }>(sql`
      select p.id::text as id, p.text, r.text as reply from sandbox.x_posts p
      join sandbox.x_posts r on r.in_reply_to_id = p.id
      where p.id = any(string_to_array(${missing.join(',')}, ',')::bigint[])`)
    : [];
  const unexplained = refusals.filter((r) => !/^(Not sent|Can't send|Cannot send)/i.test(r.reply));
  if (unexplained.length > 0 || refusals.length !== missing.length || badTransfers.length > 0) {
    problems.push(
      `transfers: ${transfers.length}/${p.sends.length} found, ${badTransfers.length} not settled exactly once ${JSON.stringify(badTransfers.slice(0, 3))}; sends without a transfer: ${JSON.stringify(refusals.slice(0, 3))}`,
    );
  }
  const negative = await run.query<{ n: number }>(sql`
    select count(*)::int as n from sandbox.constellation_accounts where balance < 0`);
  if (negative[0]!.n > 0) problems.push(`${negative[0]!.n} negative balances`);
  const supplyAfter = await supply(run);
  for (const [token, before] of Object.entries(p.supplyBefore)) {
    if (supplyAfter[token] !== before)
      problems.push(`supply of ${token}: ${before} before, ${supplyAfter[token]} after`);
  }
  return {
    problems,
    leftLeased: Object.fromEntries(leased.map((r) => [r.q, r.n])),
    transfers: transfers.length,
    refusedSends: refusals.map((r) => r.reply),
  };
}

/** Every token's total on the local network (balances, fees paid included: nothing burned). */
export async function supply(run: ScaleRun) {
  const rows = await run.query<{ token: string; total: string }>(sql`
    select token, sum(balance)::text as total from sandbox.constellation_accounts group by token`);
  return Object.fromEntries(rows.map((r) => [r.token, BigInt(r.total)]));
}

const SUBSCRIBE = [
  'subscribe premium monthly',
  'subscribe to pro',
  'renew my premium for 3 months',
  'subscribe premium for six months',
  'please subscribe me to pro',
  'subscribe to premium',
  'renew my pro for 2 months',
  'buy premium yearly',
  'subscribe pro for six months',
  'renew my premium for 2 months',
  'subscribe pro monthly',
  'renew my pro for 3 months',
];

/**
 * `count` mentions from `users` in turn: half sends of 1 UP to the next user, a quarter balance
 * questions, an eighth "fingerprint this" under one of `targets`, an eighth subscriptions. Every
 * text differs from its author's others (X refuses duplicate content).
 */
export function mixedMentions(users: string[], targets: string[], count: number, start = 0) {
  const items: { author: string; text: string; inReplyToId?: string }[] = [];
  const kinds: ('send' | 'balance' | 'fingerprint' | 'subscribe')[] = [];
  for (let i = start; i < start + count; i++) {
    const u = i % users.length;
    const author = users[u]!;
    const kind = (['send', 'balance', 'send', 'fingerprint'] as const)[i % 4]!;
    const k = i % 8 === 7 ? 'subscribe' : kind;
    kinds.push(k);
    // A z first: a bare word could be one the parser reads ("round if" is a conditional).
    const round = `z${wordOf(i)}`;
    if (k === 'send') {
      const to = users[(u + 1) % users.length]!;
      items.push({ author, text: `@UpsiderAgent send 1 UP to @${to}, round ${round}` });
    } else if (k === 'balance') {
      items.push({ author, text: `@UpsiderAgent balance (round ${round})` });
    } else if (k === 'fingerprint') {
      const target = targets[(u + 3) % targets.length]!;
      items.push({
        author,
        text: `@UpsiderAgent fingerprint this (round ${round})`,
        inReplyToId: target,
      });
    } else {
      // An author's turns come users.length apart: each of them gets another wording.
      const wording = SUBSCRIBE[Math.floor(i / users.length) % SUBSCRIBE.length];
      items.push({ author, text: `@UpsiderAgent ${wording}` });
    }
  }
  return { items, kinds };
}

/**
 * The run's starting state: every user's wallet (made by asking the agent), funded with `tokens`
 * UP on the local network, and one post of each user's for others to fingerprint. Returns the
 * address questions (they count among the posts to answer once), those posts and the supply.
 */
export async function fundedUsers(
  r: ScaleRun,
  users: string[],
  o: { tokens: string; timeoutMs: number },
) {
  const asks = await r.post(
    users.map((u) => ({ author: u, text: "@UpsiderAgent what's my address" })),
  );
  if (!(await r.waitAnswered(asks, o.timeoutMs))) throw new Error('address questions unanswered');
  const replies = await r.query<{ text: string }>(sql`
    select r.text from sandbox.x_posts r
    where r.in_reply_to_id = any(string_to_array(${asks.join(',')}, ',')::bigint[])`);
  for (const reply of replies) {
    const address = /DAG\d[1-9A-HJ-NP-Za-km-z]{36}/.exec(reply.text)![0];
    await r.t.call('POST', '/sandbox/constellation/_admin/faucet', {
      address,
      token: 'UP',
      tokens: o.tokens,
    });
  }
  await r.t.snapshot();
  const supplyBefore = await supply(r);
  const targets = await r.post(
    users.map((u, i) => ({ author: u, text: `A thought worth keeping, ${wordOf(i)}` })),
  );
  return { asks, targets, supplyBefore };
}
