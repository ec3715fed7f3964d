import { afterAll, describe, expect, it } from 'vitest';
import { type AgentEnv, offsetClock, startAgentEnv } from '../../support/agent-env.ts';

let env: AgentEnv;
afterAll(() => env?.close());

async function tick(times = 4) {
  for (let i = 0; i < times; i++) await env.agent.worker.tick().catch(() => {});
}

describe('connecting the agent for the first time', () => {
  it('skips mentions older than the first-read window, then answers new ones', async () => {
    const clock = offsetClock();
    env = await startAgentEnv({
      env: { AGENT_FIRST_READ_WINDOW_MINUTES: '15' },
      now: clock.now,
    });
    await env.user('alice');
    const old = await env.post('alice', "@UpsiderAgent what's my address");
    clock.advance(60 * 60_000); // the agent reads its mentions an hour later

    await tick();
    expect(await env.repliesTo(old.id)).toEqual([]);
    expect((await env.counts()).inbox.map((r) => r.postId)).not.toContain(old.id);

    const fresh = await env.post('alice', '@UpsiderAgent what is my address');
    await tick();
    const replies = await env.repliesTo(fresh.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.text).toMatch(/DAG\w{37}/);
  });
});
