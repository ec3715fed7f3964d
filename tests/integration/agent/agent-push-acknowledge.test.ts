import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMentionPush } from '@/agent/inbox/mention-push.ts';
import { pushedMentionKey, queuePushedMention } from '@/agent/inbox/pushed-mention-job.ts';
import { getJobByKey } from '@/db/queue/index.ts';
import { agentInbox } from '@/db/schema/index.ts';
import { signWebhookBody } from '@/integrations/x/index.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';
import { until } from '../../support/wait-for.ts';

/**
 * X gives a webhook 10 s to answer (x-api/webhooks/introduction.mdx) and the agent must look a
 * pushed post up at X before acting on it (decision 0018). The answer must not wait on that
 * lookup (decision 0045): the delivery is stored, answered, then looked up. The local X's own
 * webhook is removed, so every delivery here is one the test sends, signed as X signs it.
 */
let env: AgentEnv;
let agentId: string;
let secret: string;

const event = (postId: string) =>
  JSON.stringify({
    data: {
      event_type: 'post.mention.create',
      filter: { user_id: agentId },
      payload: { id: postId, text: '@UpsiderAgent balance' },
    },
  });
const deliver = (body: string) =>
  env.app.request(`${env.config.publicUrl}/api/x/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-twitter-webhooks-signature': signWebhookBody(secret, body),
    },
    body,
  });
const inboxRow = async (postId: string) =>
  (await env.deps.db.select().from(agentInbox).where(eq(agentInbox.postId, postId)))[0];
const lookedUp = (postId: string) =>
  until(
    async () => (await getJobByKey(env.deps.db, pushedMentionKey(postId)))?.status === 'done',
    `the lookup of ${postId}`,
  );

beforeAll(async () => {
  env = await startAgentEnv({ push: true });
  await env.user('asker');
  const access = () => env.agent.worker.access();
  agentId = (await access()).xUserId;
  secret = env.agent.push!.consumerSecret;
  const push = await ensureMentionPush(
    { db: env.deps.db, x: env.deps.x, access, now: env.deps.now },
    env.agent.push!,
  );
  const gone = await env.app.request(
    `${env.config.publicUrl}/sandbox/x/2/webhooks/${push.webhookId}`,
    { method: 'DELETE', headers: { authorization: `Bearer ${env.agent.push!.appBearerToken}` } },
  );
  expect(gone.status).toBe(200);
}, 120_000);
afterAll(() => env?.close());

describe('the webhook answers X before it looks the post up', () => {
  it('answers while X still holds the lookup, then acts on the mention once', async () => {
    const post = await env.post('asker', '@UpsiderAgent balance');
    await env.fault({ path: '/2/tweets/*', method: 'GET', delayMs: 1500, count: 1 });

    const res = await deliver(event(post.id));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, queued: true });
    // Answered before X answered the lookup: X's copy of the post is not in the inbox yet.
    expect(await inboxRow(post.id)).toBeUndefined();
    // X delivering it again meanwhile (X may send duplicates) queues nothing more.
    expect(await (await deliver(event(post.id))).json()).toEqual({ ok: true, queued: false });

    await lookedUp(post.id);
    expect(await inboxRow(post.id)).toMatchObject({ authorUsername: 'asker' });
    await env.agent.worker.processDue();
    await env.agent.worker.sendReplies();
    const replies = await env.replyTexts(post.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatch(/balance/i);
    // The catch-up poll reads the same post: still one reply.
    await env.drain();
    expect(await env.replyTexts(post.id)).toHaveLength(1);
  });

  it('a delivery stored but not looked up (its process stopped) is looked up by the worker', async () => {
    const post = await env.post('asker', '@UpsiderAgent what is my balance');
    // What the webhook stores before it answers; no lookup was started for it.
    expect(await queuePushedMention(env.deps.db, { postId: post.id, receivedAt: new Date() })).toBe(
      true,
    );
    await env.agent.worker.drainBackground();
    expect(await inboxRow(post.id)).toMatchObject({ authorUsername: 'asker' });
    // Its mentions read stored nothing new: the post came in through the stored delivery.
    expect((await env.agent.worker.poll()).stored).toBe(0);
    await env.drain();
    expect(await env.replyTexts(post.id)).toHaveLength(1);
  });
});
