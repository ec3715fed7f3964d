import { afterEach, describe, expect, it } from 'vitest';
import { getAgentState } from '@/agent/state.ts';
import { usageCapPause } from '@/agent/x-usage-cap.ts';
import { agentOutbox } from '@/db/schema/index.ts';
import { type AgentEnv, offsetClock, startAgentEnv } from '../../../support/agent-env.ts';

/**
 * X's 2026 limits through the whole product on the local X: the 3-hour posting window, running
 * out of pay-per-use credit, and the daily budget (decision 0044).
 */
let env: AgentEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const MINUTE = 60_000;
const TOKEN = 'metrics-test-token-0123456789';

async function scrape(e: AgentEnv) {
  const res = await e.app.request(`${e.config.publicUrl}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return res.text();
}
/** "balance ab", "balance bb" …: a word keeps each text unique (X refuses duplicates). */
const ask = async (e: AgentEnv, user: string, n: number) => {
  const ids: string[] = [];
  const word = (i: number) => `${String.fromCharCode(97 + i)}b`;
  for (let i = 0; i < n; i++) ids.push((await e.post(user, `@UpsiderAgent balance ${word(i)}`)).id);
  return ids;
};
const replied = async (e: AgentEnv, ids: string[]) =>
  (await Promise.all(ids.map((id) => e.replyTexts(id)))).filter((r) => r.length > 0).length;

describe('the 3-hour posting window', () => {
  it('stops the outbox before the cap (no 429 met) and resumes at its reset', async () => {
    const clock = offsetClock();
    env = await startAgentEnv({
      now: clock.now,
      env: { AGENT_X_POSTS_PER_3_HOURS: '3' },
      xLimits: { tweetCreateThreeHours: 3 },
    });
    await env.user('pacer');
    const ids = await ask(env, 'pacer', 4);
    await env.drain();
    expect(await replied(env, ids)).toBe(3);
    // The fourth waits for the window; X was never asked (no 429, no block recorded).
    expect(await getAgentState(env.database.db, 'post_blocked_until')).toBeNull();
    const status = (await env.call('GET', '/api/agent/status')).body;
    expect(status.rateLimits.posts.threeHours).toEqual({ remaining: 0, limit: 3 });
    clock.advance(3 * 60 * MINUTE + 1000);
    await env.drain();
    expect(await replied(env, ids)).toBe(4);
  }, 60_000);
});

describe('X credits run out', () => {
  it('keeps the reply, pauses, shows it on /status and /metrics, and resumes after credit is added', async () => {
    const clock = offsetClock();
    env = await startAgentEnv({ now: clock.now, env: { METRICS_TOKEN: TOKEN } });
    await env.user('payer');
    const [id] = await ask(env, 'payer', 1);
    await env.agent.worker.poll();
    while ((await env.agent.worker.processDue()) > 0);
    // Credit runs out before the reply goes out.
    await env.call('POST', '/sandbox/x/_admin/credits', { balanceUsd: '0' });
    await env.agent.worker.sendReplies();
    const [row] = await env.database.db.select().from(agentOutbox);
    expect(row?.status).toBe('pending');
    expect(row?.attempts).toBe(0);
    const status = (await env.call('GET', '/api/agent/status')).body;
    expect(status.health.state).toBe('throttled');
    expect(status.health.reason).toContain('X credits used up');
    expect(await scrape(env)).toContain('upsider_x_account_blocked{reason="credits"} 1');

    await env.call('POST', '/sandbox/x/_admin/credits', { addUsd: '5' });
    clock.advance(MINUTE + 1000); // the next probe
    await env.drain();
    expect(await env.replyTexts(id!)).toHaveLength(1);
    expect(await usageCapPause(env.database.db, clock.now())).toBeNull();
    expect(await scrape(env)).toContain('upsider_x_account_blocked{reason="credits"} 0');
  }, 60_000);
});

describe('what the agent spends on X', () => {
  it('meters replies and reads per day, holds replies at the daily budget, and does not re-bill the overlap', async () => {
    const clock = offsetClock();
    // A balance answer names its receipt without a link (decision 0044): a summoned reply, $0.01
    // (pricing.ts). Three mention reads ($0.003) and two replies fit $0.025; the third would pass it.
    env = await startAgentEnv({
      now: clock.now,
      env: { X_DAILY_BUDGET_USD: '0.025', METRICS_TOKEN: TOKEN },
    });
    await env.user('spender');
    const ids = await ask(env, 'spender', 3);
    for (let i = 0; i < 5; i++) await env.drain(); // many reads over the same posts
    const replies = await replied(env, ids);
    const status = (await env.call('GET', '/api/agent/status')).body;
    expect(replies).toBe(2);
    expect(status.xSpend).toMatchObject({ todayUsd: '$0.023', budgetUsd: '$0.025' });
    expect(status.xSpend.budgetReachedUntil).not.toBeNull();
    expect(status.health.reason).toContain('X_DAILY_BUDGET_USD');
    const metrics = await scrape(env);
    expect(metrics).toContain('upsider_x_budget_reached 1');
    // Per command: the two replies sent were answers to "balance".
    expect(metrics).toContain(
      'upsider_x_spend_usd_today{purpose="reply:balance",operation="postCreateSummoned"} 0.02',
    );
    expect(metrics).toMatch(
      /upsider_x_spend_usd_today\{purpose="mentions",operation="ownedRead"\} 0\.003\b/,
    );
    // What the local X billed matches the meter: each mention read once however often re-read.
    const bill = (await env.call('GET', '/sandbox/x/_admin/credits')).body.today.operations;
    expect(bill.ownedRead.units).toBe(3);
    const sentCost = replies * 10_000;
    expect(
      Number(bill.postCreateSummoned?.microUsd ?? 0) +
        Number(bill.postCreateWithUrl?.microUsd ?? 0),
    ).toBeGreaterThanOrEqual(sentCost);
    expect(replies).toBeLessThan(3);
  }, 60_000);
});
