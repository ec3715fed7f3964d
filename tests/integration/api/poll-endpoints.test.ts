import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';
import { createTestApp } from '../../support/test-app.ts';
import { until } from '../../support/wait-for.ts';

describe('GET /api/agent/status (a cached poll endpoint)', () => {
  let env: AgentEnv;
  beforeAll(async () => {
    env = await startAgentEnv();
  });
  afterAll(() => env.close());

  const get = (etag?: string) =>
    env.app.request('/api/agent/status', { headers: etag ? { 'if-none-match': etag } : {} });

  it('answers with a strong ETag and 304 while nothing changed', async () => {
    const first = await get();
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body.handle).toBe(env.config.publicConfig.agentHandle);
    expect(Date.parse(body.checkedAt)).not.toBeNaN();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get('age')).toMatch(/^\d+$/);
    const again = await get(etag ?? '');
    expect(again.status).toBe(304);
  });

  it('serves a new body (new ETag) within seconds of a change', async () => {
    const before = await get();
    const etag = before.headers.get('etag') ?? '';
    const alice = 'alice_poll';
    await env.user(alice);
    await env.post(alice, `@${env.config.publicConfig.agentHandle} help`);
    await env.agent.worker.tick();
    let changed = null as Response | null;
    await until(async () => {
      const res = await get(etag);
      if (res.status === 200) changed = res;
      return changed !== null;
    }, 'the status body to change');
    if (!changed) throw new Error('the status body did not change');
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((await changed.json()).lastMention.lastPollAt).not.toBeNull();
  });
});

describe('health', () => {
  it('liveness answers without the database; readiness says the database is down', async () => {
    const t = await createTestApp();
    expect((await t.app.request('/api/health/ready')).status).toBe(200);
    await t.database.close();
    const live = await t.app.request('/api/health');
    expect(live.status).toBe(200);
    expect((await live.json()).ok).toBe(true);
    const ready = await t.app.request('/api/health/ready');
    expect(ready.status).toBe(503);
    expect((await ready.json()).error.code).toBe('database_unavailable');
  });
});
