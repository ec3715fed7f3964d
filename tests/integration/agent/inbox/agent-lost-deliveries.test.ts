import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMentionPush } from '@/agent/inbox/mention-push.ts';
import { type AgentEnv, startAgentEnv } from '../../../support/agent-env.ts';
import { until } from '../../../support/wait-for.ts';

/**
 * Issue 45 §2, "webhook deliveries lost": the local X loses its pushes (`dropDeliveries`, decision
 * 0064) and the agent's polling, which never stops behind the push, still reads each mention and
 * answers it once.
 */
let env: AgentEnv;
const faults = '/sandbox/x/_admin/faults';

beforeAll(async () => {
  env = await startAgentEnv({ push: true });
  await env.user('lostann');
  await ensureMentionPush(
    {
      db: env.deps.db,
      x: env.deps.x,
      access: () => env.agent.worker.access(),
      now: env.deps.now,
    },
    env.agent.push!,
  );
}, 60_000);
afterAll(() => env.close());

describe('X webhook deliveries lost', () => {
  it('takes only the X twin, and lists the loss', async () => {
    const wrong = await env.call('POST', '/sandbox/llm/_admin/faults', { kind: 'dropDeliveries' });
    expect(wrong.status).toBe(400);
    const res = await env.call('POST', faults, { kind: 'dropDeliveries', count: 2 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'drop_deliveries', count: 2 });
  });

  it('polling reads the mentions whose pushes were lost and answers each once', async () => {
    const a = await env.post('lostann', '@UpsiderAgent balance');
    const b = await env.post('lostann', '@UpsiderAgent what is my balance');
    // Both deliveries were lost (the loss is used up): nothing reached the inbox by push.
    await until(
      async () => (await env.call('GET', faults)).body.faults.length === 0,
      'the lost deliveries',
    ).catch(() => {}); // the assertion below says what is left
    expect((await env.call('GET', faults)).body.faults).toEqual([]);
    const inbox = (await env.counts()).inbox.map((r) => r.postId);
    expect(inbox).not.toContain(a.id);
    expect(inbox).not.toContain(b.id);

    expect((await env.agent.worker.poll()).stored).toBe(2);
    await env.agent.worker.processDue();
    await env.agent.worker.sendReplies();
    await env.agent.worker.tick();
    expect(await env.repliesTo(a.id)).toHaveLength(1);
    expect(await env.repliesTo(b.id)).toHaveLength(1);
  });

  it('the next delivery goes through again', async () => {
    const c = await env.post('lostann', '@UpsiderAgent balance please');
    await until(
      async () => (await env.counts()).inbox.some((r) => r.postId === c.id),
      'the delivery in the inbox',
    ).catch(() => {}); // the assertion below says what is there
    expect((await env.counts()).inbox.map((r) => r.postId)).toContain(c.id);
  });
});
