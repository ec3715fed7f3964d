import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentEnv, offsetClock, startAgentEnv } from '../../../support/agent-env.ts';
import { until } from '../../../support/wait-for.ts';

/**
 * Issue 45 §2, what users see: /status said `running` all through an X 503 outage. While X
 * fails the agent's reads or replies, the health is `degraded`, naming X; it clears once the
 * calls succeed again.
 */
let env: AgentEnv;
const clock = offsetClock();
type Health = { state: string; failing: string | null; reason: string };
/** The status as served once it shows `state` (the API refreshes its cached body in the background). */
const health = async (state: string) => {
  let h: Health | undefined;
  await until(async () => {
    h = (await env.call('GET', '/api/agent/status')).body.health as Health;
    return h.state === state;
  }, `the status to show ${state}`).catch(() => {}); // the caller's assertion names what it saw
  return h!;
};
const failX = (path: string, method?: 'GET' | 'POST') =>
  env.fault({ path, status: 503, count: 1000, method });
const recoverX = () => env.clearFaults();

beforeAll(async () => {
  env = await startAgentEnv({ now: clock.now });
  await env.user('statusann');
  await env.agent.worker.poll();
}, 60_000);
afterAll(() => env.close());

describe('/status while X fails', () => {
  it('reads failing: degraded naming X, running again after the next good read', async () => {
    expect(await health('running')).toMatchObject({ state: 'running', failing: null });
    await failX('/2/*');
    await expect(env.agent.worker.poll()).rejects.toThrow();
    clock.advance(20_000);
    const during = await health('degraded');
    expect(during).toMatchObject({ state: 'degraded', failing: 'X' });
    expect(during.reason).toMatch(/^X is failing/);

    await recoverX();
    await env.agent.worker.poll();
    expect(await health('running')).toMatchObject({ state: 'running', failing: null });
  });

  it('replies failing: degraded naming X until the reply is sent', async () => {
    const post = await env.post('statusann', '@UpsiderAgent balance');
    await env.agent.worker.poll();
    await env.agent.worker.processDue();
    await failX('/2/tweets', 'POST');
    await env.agent.worker.sendReplies();
    expect(await env.repliesTo(post.id)).toHaveLength(0);
    expect(await health('degraded')).toMatchObject({ state: 'degraded', failing: 'X' });

    await recoverX();
    clock.advance(60_000);
    await env.agent.worker.poll();
    await env.agent.worker.sendReplies();
    expect(await env.repliesTo(post.id)).toHaveLength(1);
    expect(await health('running')).toMatchObject({ state: 'running', failing: null });
  });
});
