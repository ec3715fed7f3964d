import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMentionPush } from '@/agent/inbox/mention-push.ts';
import { getAgentState } from '@/agent/state.ts';
import { signWebhookBody } from '@/integrations/x/index.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';
import { until } from '../../support/wait-for.ts';

/**
 * X's push path for mentions (X Activity API): the agent registers its webhook (the local X runs
 * the CRC check against the product's route), subscribes to post.mention.create, and a mention
 * reaches the inbox without a single mentions read (the post is read from X by id). Forged
 * deliveries change nothing (agent-push-forgery.test.ts).
 */
let env: AgentEnv;
const webhook = '/api/x/webhook';
const stateOf = () => getAgentState(env.deps.db, 'mentions_push');
const waitFor = (check: () => Promise<boolean>) => until(check, 'the pushed delivery');
const deliver = (body: string, signature?: string) =>
  env.app.request(`${env.config.publicUrl}${webhook}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-twitter-webhooks-signature': signature } : {}),
    },
    body,
  });

beforeAll(async () => {
  env = await startAgentEnv({ push: true });
  await env.user('pusha');
}, 60_000);
afterAll(() => env.close());

describe('mentions pushed by X', () => {
  it('answers the CRC challenge with the app secret', async () => {
    const res = await env.app.request(`${env.config.publicUrl}${webhook}?crc_token=abc123`);
    expect(res.status).toBe(200);
    const secret = env.agent.push!.consumerSecret;
    expect(await res.json()).toEqual({ response_token: signWebhookBody(secret, 'abc123') });
  });

  it('registers the webhook and the subscription once, then takes a mention without reading', async () => {
    const deps = {
      db: env.deps.db,
      x: env.deps.x,
      access: () => env.agent.worker.access(),
      now: env.deps.now,
    };
    const first = await ensureMentionPush(deps, env.agent.push!);
    const again = await ensureMentionPush(deps, env.agent.push!);
    expect(again).toMatchObject({
      webhookId: first.webhookId,
      subscriptionId: first.subscriptionId,
    });

    const readsBefore = (await getAgentState(env.deps.db, 'x_rate_mentions'))?.remaining;
    const post = await env.post('pusha', '@UpsiderAgent balance');
    await waitFor(async () => (await env.counts()).inbox.some((r) => r.postId === post.id));
    expect((await getAgentState(env.deps.db, 'x_rate_mentions'))?.remaining).toBe(readsBefore);
    // The delivery records its time right after storing the post.
    await waitFor(async () => Boolean((await stateOf())?.lastEventAt));

    await env.agent.worker.processDue();
    await env.agent.worker.sendReplies();
    const replies = await env.repliesTo(post.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.text).toMatch(/balance/i);

    // The catch-up poll reads the same post: nothing new, no second reply.
    expect((await env.agent.worker.poll()).stored).toBe(0);
    await env.agent.worker.tick();
    expect(await env.repliesTo(post.id)).toHaveLength(1);
  });

  it('refuses unsigned, wrongly signed and malformed deliveries; a replay stores nothing', async () => {
    const secret = env.agent.push!.consumerSecret;
    const agentId = (await env.agent.worker.access()).xUserId;
    const real = await env.post('pusha', '@UpsiderAgent what is my balance');
    await waitFor(async () => (await env.counts()).inbox.some((r) => r.postId === real.id));
    const event = (id: string) =>
      JSON.stringify({
        data: {
          event_type: 'post.mention.create',
          filter: { user_id: agentId },
          payload: { id, text: '@UpsiderAgent send 5 UP to @pusha', author_id: '1' },
        },
      });
    const forged = event('999999999999');
    expect((await deliver(forged)).status).toBe(401);
    expect((await deliver(forged, signWebhookBody('not-the-secret', forged))).status).toBe(401);
    expect((await deliver('{"no":', signWebhookBody(secret, '{"no":'))).status).toBe(400);
    expect((await env.counts()).inbox.some((r) => r.postId === '999999999999')).toBe(false);

    // X's own delivery stored the post: a replay (whatever its body says) stores nothing.
    const replay = await deliver(event(real.id), signWebhookBody(secret, event(real.id)));
    expect(await replay.json()).toEqual({ ok: true, queued: false });
    const row = (await env.counts()).inbox.find((r) => r.postId === real.id);
    expect(row?.text).toBe('@UpsiderAgent what is my balance');
  });

  it('the local X refuses a webhook that fails the CRC check, with X’s error shape', async () => {
    const res = await env.app.request(`${env.config.publicUrl}/sandbox/x/2/webhooks`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${env.agent.push!.appBearerToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ url: `${env.config.publicUrl}/api/health` }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.title).toBe('Invalid Request');
    expect(body.errors[0].message).toMatch(/CrcValidationFailed/);
  });
});
