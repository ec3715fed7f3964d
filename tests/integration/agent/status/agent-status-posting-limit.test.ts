import { afterAll, describe, expect, it } from 'vitest';
import { type AgentEnv, startAgentEnv } from '../../../support/agent-env.ts';

let env: AgentEnv;
afterAll(() => env?.close());

describe('/status posting limit', () => {
  it('shows the limit the outbox paces by, also when AGENT_X_POSTS_PER_15_MIN raised it', async () => {
    env = await startAgentEnv({ env: { AGENT_X_POSTS_PER_15_MIN: '500' } });
    const res = await env.call('GET', '/api/agent/status');
    expect(res.status).toBe(200);
    expect(res.body.rateLimits.posts).toMatchObject({ limit: 500, remaining: 500 });
  });
});
