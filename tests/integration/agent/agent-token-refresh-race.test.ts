import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAgentState } from '@/agent/state.ts';
import { twinFaults } from '@/sandbox/db/schema/index.ts';
import { type AgentEnv, offsetClock, startAgentEnv } from '../../support/agent-env.ts';
import { until } from '../../support/wait-for.ts';

/**
 * Two agent processes on one database refresh the agent's X token at once. X rotates refresh
 * tokens, and the local X, like X, revokes the whole family when a rotated one is spent again.
 * The second process's clock runs 31 s ahead of the first (hosts' clocks differ): judged by its
 * own clock, the first one's 30 s lease had expired while the first one's refresh was still at
 * X, and it spent the same refresh token. The lease now expires on the database's clock, and a
 * refresher spends only the token it reads after winning the lease.
 */
const clock = offsetClock();
const SKEW_MS = 31_000;
let first: AgentEnv;
let second: AgentEnv;

beforeAll(async () => {
  first = await startAgentEnv({ now: clock.now });
  second = await startAgentEnv({
    database: first.database,
    now: () => new Date(clock.now().getTime() + SKEW_MS),
  });
}, 120_000);
afterAll(async () => {
  await second?.stop();
  await first?.close();
});

/** How many requests reached the local X's token endpoint since the fault was set. */
async function tokenRequests(faultId: number, count: number) {
  const [fault] = await first.deps.db.select().from(twinFaults).where(eq(twinFaults.id, faultId));
  return count - fault!.remaining!;
}

describe('two workers refreshing the agent token at once', () => {
  it('send one refresh to X, end with the same token, and keep the family', async () => {
    // The token both hold expires: both must refresh.
    clock.advance(2 * 3_600_000 + 5 * 60_000);
    // X is slow on the token endpoint: the first refresh is still at X when the second looks.
    const COUNT = 10;
    const fault = await first.fault({
      path: '/2/oauth2/token',
      method: 'POST',
      delayMs: 500,
      count: COUNT,
    });

    const one = first.agent.worker.access();
    await until(
      async () => Boolean(await getAgentState(first.deps.db, 'token_refresh_lease')),
      'the first worker taking the refresh lease',
    );
    const two = second.agent.worker.access();
    const [a, b] = await Promise.allSettled([one, two]);

    expect(await tokenRequests(fault.id, COUNT)).toBe(1);
    expect(a.status).toBe('fulfilled');
    expect(b.status).toBe('fulfilled');
    const tokenA = (a as PromiseFulfilledResult<{ accessToken: string }>).value.accessToken;
    const tokenB = (b as PromiseFulfilledResult<{ accessToken: string }>).value.accessToken;
    expect(tokenB).toBe(tokenA);
    // The family is alive: the new access token works, and the stored refresh token refreshes.
    expect((await first.deps.x.getMe(tokenA)).user.username).toBe('UpsiderAgent');
    await first.clearFaults();
    const again = await second.agent.worker.access({ force: true });
    expect(again.accessToken).not.toBe(tokenA);
    expect((await first.deps.x.getMe(again.accessToken)).user.username).toBe('UpsiderAgent');
  });
});
