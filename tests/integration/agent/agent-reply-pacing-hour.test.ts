import { afterAll, describe, expect, it } from 'vitest';
import { nextReadDelayMs } from '@/agent/inbox/read-pacing.ts';
import { agentOutbox } from '@/db/schema/index.ts';
import type { XClient } from '@/integrations/x/index.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';

let env: AgentEnv;
afterAll(() => env?.close());

const MINUTE = 60_000;
const RUN_MS = 60 * MINUTE;
/** Steady posting: 120 posts an hour, 30 replies per 15 minutes (X lets the agent post 100). */
const POST_EVERY_MS = 30_000;
const GOAL_MS = 3_000;
/**
 * Every reply: within one read interval. With the budget spread evenly that is the window over
 * the reads left, less the one kept back: ceil(15 min / 299) = 3,011 ms. The fake clock stands
 * still while a poll's posts are run and answered (their machine time is the bench's to
 * measure), so reading is the only wait: anything longer means a read came late, the budget
 * ran out or the outbox held a reply back.
 */
const EVERY_REPLY_MS = Math.ceil((15 * MINUTE) / 299);

/**
 * X's read budget for the mentions endpoint, counted over every read: 300 per 15-minute window
 * (starting at the first read), a 429 past it, the rate-limit headers on every answer.
 */
function readBudget(now: () => number) {
  let windowEnds = 0;
  let used = 0;
  return {
    reads: 0,
    read() {
      if (now() >= windowEnds) [windowEnds, used] = [now() + 15 * MINUTE, 0];
      used++;
      this.reads++;
      if (used > 300) throw new Error('429 Too Many Requests');
      return { limit: 300, remaining: 300 - used, resetAt: new Date(windowEnds) };
    },
  };
}

/**
 * Proof of the mention-to-reply goal (decision 0018): an hour of steady posting through the whole
 * product (posts on the local X, the agent's mentions poll, its inbox jobs, its outbox posting the
 * replies on the local X) on a fake clock, read the way the worker's mentions loop reads: each
 * poll's delay from X's rate-limit headers. Measured from each post to its reply's sending, on that
 * clock. Every one of the hour's ~1,200 reads goes through the worker's poll and is counted against
 * X's budget (readBudget); one with no new post since the last is answered as X would (no
 * posts) without the local X's HTTP handling, which keeps the hour near a minute.
 * agent-read-budget.test.ts puts every read through the local X and its own limit too.
 */
describe('an hour of steady posting, answered through the whole product', () => {
  it('keeps the read budget and sends every reply within the goal', async () => {
    let fake = Date.now();
    const clock = { now: () => new Date(fake) };
    env = await startAgentEnv({ now: clock.now, env: { AGENT_POLL_INTERVAL_MS: '1000' } });
    const users = ['hour1', 'hour2', 'hour3', 'hour4'];
    for (const u of users) await env.user(u);
    // Ahead of the real clock for the whole run: rows the database stamps with its own now()
    // (a job's first due time) are then never in the app's future.
    fake = Date.now() + 5 * MINUTE;
    const start = fake;
    const advanceTo = (ms: number) => {
      fake = Math.max(fake, start + ms);
    };

    // The agent's X client, as the worker calls it: the local X's pages, X's budget headers.
    const budget = readBudget(() => fake);
    let unread = 0;
    const x = env.deps.x as XClient;
    const readLocalX = x.getMentions.bind(x);
    x.getMentions = async (token, userId, opts = {}) => {
      const rateLimit = budget.read();
      if (unread === 0 && !opts.paginationToken) {
        return { tweets: [], includes: {}, meta: { result_count: 0 }, rateLimit };
      }
      unread = 0;
      return { ...(await readLocalX(token, userId, opts)), rateLimit };
    };

    const postedAt = new Map<string, number>();
    let nextPost = 0;
    let nextRead = 0;
    let lowest = Number.POSITIVE_INFINITY;
    while (Math.min(nextPost, nextRead) < RUN_MS) {
      if (nextPost <= nextRead) {
        advanceTo(nextPost);
        const n = postedAt.size;
        const p = await env.post(users[n % users.length]!, `@UpsiderAgent balance (${n})`);
        postedAt.set(p.id, fake);
        unread++;
        nextPost += POST_EVERY_MS;
        continue;
      }
      advanceTo(nextRead);
      const polled = await env.agent.worker.poll(); // a 429 would throw here
      // A read skipped for want of budget shows as waitUntil.
      expect(polled.waitUntil).toBeUndefined();
      lowest = Math.min(lowest, polled.budget!.remaining);
      if (polled.stored > 0) {
        while ((await env.agent.worker.processDue()) > 0);
        await env.agent.worker.sendReplies();
      }
      const delay = nextReadDelayMs({ budget: polled.budget, now: clock.now(), minMs: 1000 });
      nextRead = fake - start + delay;
    }

    const sent = await env.database.db.select().from(agentOutbox);
    const latency = sent
      .filter((row) => row.status === 'sent' && postedAt.has(row.inReplyToId ?? ''))
      .map((row) => row.sentAt!.getTime() - postedAt.get(row.inReplyToId!)!)
      .sort((a, b) => a - b);
    expect(postedAt.size).toBe(RUN_MS / POST_EVERY_MS);
    // Every post answered, except one posted after the hour's last read.
    expect(latency.length).toBeGreaterThanOrEqual(postedAt.size - 1);
    expect(latency[0]).toBeGreaterThanOrEqual(0); // sent on the fake clock, after the post
    expect(lowest).toBeGreaterThan(0);
    expect(budget.reads).toBeGreaterThan(4 * 300 * 0.9); // reads spread over the whole hour
    expect(budget.reads).toBeLessThanOrEqual(4 * 300);
    expect(latency[Math.floor(latency.length * 0.95)]).toBeLessThanOrEqual(GOAL_MS);
    expect(latency.at(-1)).toBeLessThanOrEqual(EVERY_REPLY_MS);
  }, 300_000);
});
