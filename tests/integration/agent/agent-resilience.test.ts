import { afterAll, describe, expect, it } from 'vitest';
import { processJob } from '@/agent/engine/process-job.ts';
import { claimInboxJobs } from '@/agent/jobs/inbox-queue.ts';
import { X_POSTING_LIMITS } from '@/agent/outbox/pacing.ts';
import { sendDueReplies } from '@/agent/outbox/send-replies.ts';
import { createTimelineReader } from '@/agent/outbox/x-timeline.ts';
import { transfers } from '@/db/schema/index.ts';
import { type AgentEnv, offsetClock, startAgentEnv } from '../../support/agent-env.ts';

const never = () => new Promise<never>(() => {});
const open: AgentEnv[] = [];
afterAll(async () => {
  for (const e of [...open].reverse()) await e.stop().catch(() => {});
  // Two envs share a database (the restart); each database is closed (on PostgreSQL, dropped) once.
  for (const database of new Set(open.map((e) => e.database))) await database.close();
});

async function tick(env: AgentEnv, times = 4) {
  for (let i = 0; i < times; i++) await env.agent.worker.tick().catch(() => {});
}
async function addressOf(env: AgentEnv, username: string) {
  const ask = await env.post(username, "@UpsiderAgent what's my address");
  await tick(env);
  return /DAG\w{37}/.exec((await env.repliesTo(ask.id))[0]!.text)![0];
}

describe('a restart mid-batch loses and repeats nothing', () => {
  it('a worker dying after a transfer and after posting a reply: each effect happens once', {
    timeout: 180_000,
  }, async () => {
    const clock = offsetClock();
    const env1 = await startAgentEnv({ env: { AGENT_LEASE_MS: '1000' }, now: clock.now });
    open.push(env1);
    await env1.user('alice');
    await env1.user('bob');
    const alice = await addressOf(env1, 'alice');
    await env1.fund(alice, 'UP', '100');

    const posts = [
      await env1.post('alice', '@UpsiderAgent send 1 UP to @bob'),
      await env1.post('alice', '@UpsiderAgent send 2 UP to @bob'),
      await env1.post('alice', '@UpsiderAgent balance'),
      await env1.post('alice', '@UpsiderAgent send 3 UP to @bob'),
    ];
    await env1.agent.worker.poll();

    // Worker A claims the whole batch, finishes post 1, dies inside post 2 right after its
    // transfer went out, never starts 3 and 4, and dies again right after posting reply 1.
    const engine = await env1.agent.engine();
    const real = engine.wallets;
    let transferTwoSubmitted!: () => void;
    const submitted = new Promise<void>((r) => {
      transferTwoSubmitted = r;
    });
    const wallets = {
      ...real,
      transfer: async (r: Parameters<typeof real.transfer>[0]) => {
        const done = await real.transfer(r);
        if (r.idempotencyKey === posts[1]!.id) {
          transferTwoSubmitted();
          await never();
        }
        return done;
      },
    };
    const jobs = await claimInboxJobs(env1.deps.db, {
      workerId: 'A',
      limit: 10,
      leaseMs: 1000,
      now: clock.now(),
    });
    expect(jobs.map((j) => j.postId).slice(-4)).toEqual(posts.map((p) => p.id));
    const byId = new Map(jobs.map((j) => [j.postId, j]));
    await processJob({ ...engine, wallets }, byId.get(posts[0]!.id)!);
    void processJob({ ...engine, wallets }, byId.get(posts[1]!.id)!);
    await submitted; // the transfer of post 2 went out; its worker now hangs as if dead
    const access = env1.agent.worker.access;
    let replyOnePosted!: () => void;
    const posted = new Promise<void>((r) => {
      replyOnePosted = r;
    });
    void sendDueReplies(
      {
        db: env1.deps.db,
        logger: env1.deps.logger,
        x: {
          createTweet: async (token, input) => {
            await env1.deps.x.createTweet(token, input);
            replyOnePosted();
            return never();
          },
        },
        timeline: createTimelineReader(env1.config.x.apiUrl, (u, i) =>
          Promise.resolve(env1.app.request(u, i)),
        ),
        access,
        now: clock.now,
        workerId: 'A',
        leaseMs: 1000,
        limits: X_POSTING_LIMITS,
        accessTier: 'self-serve',
        agentHandle: 'UpsiderAgent',
      },
      1,
    );
    await posted; // reply 1 is on X; its sender now hangs before recording it
    await env1.stop();

    // Restart: a new process on the same database, after the dead worker's leases expired.
    clock.advance(2000);
    const env2 = await startAgentEnv({ database: env1.database, env: env1.env, now: clock.now });
    open.push(env2);
    await tick(env2, 6);
    await env2.settle();

    for (const p of posts) expect(await env2.repliesTo(p.id)).toHaveLength(1);
    const sent = await env2.deps.db.select().from(transfers);
    const keys = sent.map((s) => s.idempotencyKey).filter((k) => posts.some((p) => p.id === k));
    expect(keys.sort()).toEqual([posts[0]!.id, posts[1]!.id, posts[3]!.id].sort());
    const bob = await env2.call('POST', '/sandbox/x/_admin/posts', {
      username: 'bob',
      text: '@UpsiderAgent balance',
    });
    await tick(env2);
    expect((await env2.repliesTo(bob.body.id))[0]!.text).toContain('6.00 UP');
  });
});

describe('a 429/503 storm from the local X delays but loses nothing', () => {
  it('every mention gets exactly one reply once X recovers', { timeout: 180_000 }, async () => {
    const clock = offsetClock();
    const env = await startAgentEnv({ now: clock.now });
    open.push(env);
    await env.user('erin');
    const posts = [];
    for (let i = 0; i < 5; i++) posts.push(await env.post('erin', `@UpsiderAgent balance #${i}`));
    await env.fault({ path: '/2/users/*/mentions', status: 503, count: 3 });
    await env.fault({ path: '/2/users/*/mentions', status: 429, count: 2 });
    await env.fault({ path: '/2/tweets', status: 503, count: 2 });
    await env.fault({ path: '/2/tweets', status: 429, count: 2 });

    await tick(env, 6);
    // Nothing lost while X refuses: every post is in the inbox or waits in the outbox.
    const mid = await env.counts();
    expect(mid.outbox.filter((o) => o.status === 'sent').length).toBeLessThan(5);

    for (let round = 0; round < 10; round++) {
      clock.advance(16 * 60_000);
      await tick(env, 3);
    }
    for (const p of posts) expect(await env.repliesTo(p.id)).toHaveLength(1);
    const end = await env.counts();
    expect(end.inbox.filter((r) => r.status !== 'done')).toHaveLength(0);
    expect(end.outbox.every((o) => o.status === 'sent')).toBe(true);
  });
});
