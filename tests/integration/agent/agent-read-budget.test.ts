import { afterAll, describe, expect, it } from 'vitest';
import { nextReadDelayMs } from '@/agent/inbox/read-pacing.ts';
import { X_POSTING_LIMITS } from '@/agent/outbox/pacing.ts';
import { getAgentStatus } from '@/agent/status/get-status.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';

let env: AgentEnv;
afterAll(() => env?.close());

/**
 * Long enough to cross many reads; the hour-long runs are agent-read-pacing-hour.test.ts (reads)
 * and agent-reply-pacing-hour.test.ts (post to reply sent, through the whole product).
 */
const RUN_MS = 3 * 60_000;
const POST_EVERY_MS = 30_000;
const GOAL_MS = 3_000;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Minutes of steady posting through the whole product (local X, agent, replies) on a fake clock, read the way the worker's mentions loop reads:
 * each poll's delay comes from X's rate-limit headers. The local X enforces X's 300 reads per
 * 15 minutes, so running out would show as a poll that could not read (or a 429).
 */
describe('mentions read pacing through the local X', () => {
  it('never runs out of reads and answers every post within the goal', async () => {
    // A clock that moves only when the test moves it: latencies are the pacing's, not the machine's.
    let fake = Date.now();
    const clock = { now: () => new Date(fake), advance: (ms: number) => (fake += ms) };
    env = await startAgentEnv({ now: clock.now, env: { AGENT_POLL_INTERVAL_MS: '1000' } });
    const users = ['steady1', 'steady2', 'steady3', 'steady4'];
    for (const u of users) await env.user(u);
    // Ahead of the real clock for the whole run: rows the database stamps with its own now()
    // are then never in the app's future.
    fake = Date.now() + 5 * 60_000;
    const start = clock.now().getTime();
    const at = () => clock.now().getTime() - start;
    const advanceTo = (ms: number) => clock.advance(Math.max(0, ms - at()));

    const postedAt = new Map<string, number>();
    const latency: number[] = [];
    let nextPost = 0;
    let nextRead = 0;
    let reads = 0;
    let posted = 0;
    let lowest = Number.POSITIVE_INFINITY;
    while (Math.min(nextPost, nextRead) < RUN_MS) {
      if (nextPost <= nextRead) {
        advanceTo(nextPost);
        const n = posted++;
        const p = await env.post(users[n % users.length]!, `@UpsiderAgent balance (${n})`);
        postedAt.set(p.id, at());
        nextPost += POST_EVERY_MS;
        continue;
      }
      advanceTo(nextRead);
      const polled = await env.agent.worker.poll();
      reads++;
      expect(polled.waitUntil).toBeUndefined();
      lowest = Math.min(lowest, polled.budget?.remaining ?? lowest);
      if (polled.stored > 0) {
        while ((await env.agent.worker.processDue()) > 0);
        await env.agent.worker.sendReplies();
        for (const reply of (await env.posts()).filter((p) => p.inReplyToId)) {
          const posted = postedAt.get(reply.inReplyToId!);
          if (posted === undefined) continue;
          postedAt.delete(reply.inReplyToId!);
          latency.push(at() - posted);
        }
      }
      nextRead = at() + nextReadDelayMs({ budget: polled.budget, now: clock.now(), minMs: 1000 });
    }

    const status = await getAgentStatus(env.deps.db, {
      now: clock.now(),
      handle: 'UpsiderAgent',
      configPaused: false,
      latestOrdinal: async () => null,
      postingLimits: X_POSTING_LIMITS,
    });
    latency.sort((a, b) => a - b);
    expect(latency.length).toBeGreaterThanOrEqual(posted - 1);
    expect(posted).toBe(Math.ceil(RUN_MS / POST_EVERY_MS));
    expect(lowest).toBeGreaterThan(0);
    expect(reads).toBeLessThanOrEqual(4 * 300);
    // Polling alone answers within one read interval (about 3 s); the webhook path is faster.
    expect(percentile(latency, 95)).toBeLessThanOrEqual(GOAL_MS);
    expect(latency.at(-1)).toBeLessThanOrEqual(GOAL_MS + 100);
    expect(status.health.state).toBe('running');
  }, 240_000);
});
