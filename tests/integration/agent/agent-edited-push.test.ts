import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMentionPush } from '@/agent/inbox/mention-push.ts';
import { transfers } from '@/db/schema/index.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';
import { until } from '../../support/wait-for.ts';

/**
 * An edit is a new post on X, and the local X pushes it as `post.mention.create` like any post
 * that mentions the agent (decision 0042 says why). Pushed, as polled, it runs nothing again.
 */
let env: AgentEnv;
const waitFor = (check: () => Promise<boolean>) => until(check, 'the pushed delivery');
const inInbox = (id: string) => async () => (await env.counts()).inbox.some((r) => r.postId === id);
const answer = async () => {
  await env.agent.worker.processDue();
  await env.agent.worker.sendReplies();
};

beforeAll(async () => {
  env = await startAgentEnv({ push: true });
  await env.user('alice');
  await env.user('bob');
  await env.fund(await env.walletAddressOf('alice'), 'UP', '100');
  await env.walletAddressOf('bob');
  await ensureMentionPush(
    {
      db: env.deps.db,
      x: env.deps.x,
      access: () => env.agent.worker.access(),
      now: env.deps.now,
    },
    env.agent.push!,
  );
}, 120_000);
afterAll(() => env.close());

describe('an edit pushed by X', () => {
  it('reaches the inbox by push and moves no money again; the edit gets one reply', async () => {
    const original = await env.post('alice', '@UpsiderAgent send 4 UP to @bob');
    await waitFor(inInbox(original.id));
    await answer();
    expect(await env.replyTexts(original.id)).toEqual([expect.stringMatching(/^Sent 4\.00 UP/)]);

    const edit = await env.edit(original.id, '@UpsiderAgent send 40 UP to @bob');
    await waitFor(inInbox(edit.id));
    await answer();
    const moved = await env.database.db
      .select()
      .from(transfers)
      .where(inArray(transfers.idempotencyKey, [original.id, edit.id]));
    expect(moved).toHaveLength(1);
    expect(await env.replyTexts(edit.id)).toEqual([
      expect.stringMatching(/^Edits are not run again\. For your original post I sent 4\.00 UP/),
    ]);
  });
});
