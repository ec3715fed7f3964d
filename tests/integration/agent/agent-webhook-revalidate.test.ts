import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMentionPush, MentionPushError } from '@/agent/inbox/mention-push.ts';
import { X_POSTING_LIMITS } from '@/agent/outbox/pacing.ts';
import { getAgentState } from '@/agent/state.ts';
import { getAgentStatus } from '@/agent/status/get-status.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';
import { until } from '../../support/wait-for.ts';

/**
 * X marks a webhook that failed a CRC check `valid: false` and sends it no events until
 * `PUT /2/webhooks/:id` passes the check again (xdevplatform/docs x-api/webhooks/quickstart.mdx).
 * The agent re-validates such a webhook instead of reusing it as it is; one that still fails is a
 * recorded failure shown on /status, and polling keeps reading.
 */
let env: AgentEnv;
const waitFor = (check: () => Promise<boolean>) => until(check, 'the pushed delivery');
/** The local X holds the sandbox app's webhook at `url` as X does after a failed CRC check. */
const storeInvalid = (url: string) =>
  env.call('POST', '/sandbox/x/_admin/webhooks', { url, valid: false });
const listed = async () => {
  const res = await env.app.request(`${env.config.publicUrl}/sandbox/x/2/webhooks`, {
    headers: { authorization: `Bearer ${env.agent.push!.appBearerToken}` },
  });
  return ((await res.json()) as { data: { id: string; url: string; valid: boolean }[] }).data;
};
const status = () =>
  getAgentStatus(env.deps.db, {
    now: new Date(),
    handle: 'UpsiderAgent',
    configPaused: false,
    latestOrdinal: async () => null,
    postingLimits: X_POSTING_LIMITS,
  });

beforeAll(async () => {
  env = await startAgentEnv({ push: true });
  await env.user('revalid');
}, 60_000);
afterAll(() => env.close());

describe('a webhook X holds invalid', () => {
  it('is re-validated (PUT, CRC) at the agent’s push check, then mentions are pushed to it', async () => {
    const push = env.agent.push!;
    const stored = await storeInvalid(push.webhookUrl);
    expect(stored.status).toBe(201);
    expect(await listed()).toEqual([
      expect.objectContaining({ id: stored.body.id, url: push.webhookUrl, valid: false }),
    ]);

    expect(await env.agent.worker.ensurePush()).toBe(true);
    expect((await getAgentState(env.deps.db, 'mentions_push'))?.webhookId).toBe(stored.body.id);
    // The PUT ran X's CRC check against the product's route, which passed: valid again.
    expect(await listed()).toEqual([expect.objectContaining({ id: stored.body.id, valid: true })]);

    const readsBefore = (await getAgentState(env.deps.db, 'x_rate_mentions'))?.remaining;
    const post = await env.post('revalid', '@UpsiderAgent balance');
    await waitFor(async () => (await env.counts()).inbox.some((r) => r.postId === post.id));
    expect((await getAgentState(env.deps.db, 'x_rate_mentions'))?.remaining).toBe(readsBefore);
    expect((await status()).push).toMatchObject({ failure: null });
  });

  it('that still fails its CRC check is a recorded failure shown on /status, cleared once it passes', async () => {
    const push = env.agent.push!;
    // A URL of the product that does not answer the CRC challenge.
    const deaf = `${env.config.publicUrl}/api/health`;
    const stored = await storeInvalid(deaf);
    const deps = {
      db: env.deps.db,
      x: env.deps.x,
      access: () => env.agent.worker.access(),
      now: env.deps.now,
    };
    const failed = ensureMentionPush(deps, { ...push, webhookUrl: deaf });
    await expect(failed).rejects.toBeInstanceOf(MentionPushError);
    await expect(failed).rejects.toThrow(/invalid and failed its CRC check again/);
    expect((await listed()).find((h) => h.id === stored.body.id)?.valid).toBe(false);

    const shown = (await status()).push;
    expect(shown?.failure).toMatchObject({ url: deaf, detail: expect.any(String) });
    // The working subscription's record stays: its `since` still guards pushed posts.
    expect(shown?.since).not.toBeNull();

    expect(await env.agent.worker.ensurePush()).toBe(true);
    expect((await status()).push?.failure).toBeNull();
  });
});
