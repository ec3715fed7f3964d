import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processJob } from '@/agent/engine/process-job.ts';
import { claimInboxJobs } from '@/agent/jobs/inbox-queue.ts';
import { transfers } from '@/db/schema/index.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';

/**
 * X gives every edit of a post a new post id (xdevplatform/docs x-api/fundamentals/edit-posts.mdx),
 * and the mentions timeline lists the newest version: the agent keys each command on the post's
 * first version, so an edit never runs a command again (decision 0042).
 */
let env: AgentEnv;
const NOT_RERUN = /^Edits are not run again\. For your original post I /;

/** The transfers any version of these posts asked for (keyed on the first version). */
const transfersFor = (...ids: string[]) =>
  env.database.db.select().from(transfers).where(inArray(transfers.idempotencyKey, ids));
const replyTexts = async (...ids: string[]) =>
  (await Promise.all(ids.map((id) => env.replyTexts(id)))).flat();

beforeAll(async () => {
  env = await startAgentEnv({ env: { AGENT_CONFIRM_ABOVE_UP: '20' } });
  for (const u of ['alice', 'bob', 'bbo']) await env.user(u);
  await env.fund(await env.walletAddressOf('alice'), 'UP', '1000');
  await env.walletAddressOf('bob');
  await env.walletAddressOf('bbo');
}, 120_000);
afterAll(() => env.close());

describe('an edited post never runs its command twice', () => {
  // On self-serve X the agent names other users without @ (decision 0043).
  it('a send fixed after it ran (@bbo → @bob, then 5 → 50): money moves once, the edit gets one reply', async () => {
    const original = await env.post('alice', '@UpsiderAgent send 5 UP to @bbo');
    await env.drain();
    expect(await env.replyTexts(original.id)).toEqual([
      expect.stringMatching(/^Sent 5\.00 UP to bbo/),
    ]);

    const fixed = await env.edit(original.id, '@UpsiderAgent send 5 UP to @bob');
    expect(fixed.editHistoryTweetIds).toEqual([original.id, fixed.id]);
    await env.drain();
    const more = await env.edit(fixed.id, '@UpsiderAgent send 50 UP to @bob');
    await env.drain();

    expect(await transfersFor(original.id, fixed.id, more.id)).toHaveLength(1);
    const replies = await replyTexts(fixed.id, more.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatch(NOT_RERUN);
    expect(replies[0]).toContain('sent 5.00 UP to bbo');
    expect(replies[0]).toContain(`/receipts/${original.id}`);
    expect(await env.replyTexts(original.id)).toHaveLength(1);

    // The edit's receipt says what is true: an edit, not run, pointing at the original's.
    const receipt = await env.call('GET', `/api/receipts/${fixed.id}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ result: 'refused', transfer: null });
    expect(receipt.body.reason).toContain(`/receipts/${original.id}`);
  });

  it('an edit read before the original ran: only the newest version runs, once', async () => {
    const original = await env.post('alice', '@UpsiderAgent send 6 UP to @bbo');
    await env.agent.worker.poll();
    const fixed = await env.edit(original.id, '@UpsiderAgent send 7 UP to @bob');
    await env.agent.worker.poll();
    expect((await env.counts()).inbox.filter((r) => r.firstVersionId === original.id)).toHaveLength(
      2,
    );
    await env.drain();

    const moved = await transfersFor(original.id, fixed.id);
    expect(moved).toHaveLength(1);
    expect(moved[0]!.idempotencyKey).toBe(original.id);
    expect(await env.replyTexts(original.id)).toEqual([]);
    expect(await env.replyTexts(fixed.id)).toEqual([
      expect.stringMatching(/^Sent 7\.00 UP to bob/),
    ]);
  });

  it('an edited "confirm" never confirms twice; an edited preview makes no second preview', async () => {
    const send = await env.post('alice', '@UpsiderAgent send 30 UP to @bob');
    await env.drain();
    expect(await env.replyTexts(send.id)).toEqual([
      expect.stringMatching(/^About to send 30\.00 UP/),
    ]);
    // The preview's edit is not run: no second preview, and it says the first one waits.
    const bigger = await env.edit(send.id, '@UpsiderAgent send 40 UP to @bob');
    await env.drain();
    const [previewEdit, ...extra] = await env.replyTexts(bigger.id);
    expect(extra).toEqual([]);
    expect(previewEdit).toMatch(NOT_RERUN);
    expect(previewEdit).toContain('preview');

    // Confirmed under the edit (the newest version): the previewed 30 UP go, once.
    const confirm = await env.post('alice', '@UpsiderAgent confirm', { inReplyToId: bigger.id });
    await env.drain();
    expect(await env.replyTexts(confirm.id)).toEqual([
      expect.stringMatching(/^Sent 30\.00 UP to bob/),
    ]);
    const again = await env.edit(confirm.id, '@UpsiderAgent confirm!');
    await env.drain();
    expect(await transfersFor(send.id, bigger.id, confirm.id, again.id)).toHaveLength(1);
    const [confirmEdit, ...more] = await env.replyTexts(again.id);
    expect(more).toEqual([]);
    expect(confirmEdit).toMatch(NOT_RERUN);
    expect(confirmEdit).toContain('sent 30.00 UP to bob');
  });
});

describe('two workers on the original and its edit at once', () => {
  const stored = async (text: string) => {
    const original = await env.post('alice', text);
    await env.agent.worker.poll();
    return original;
  };
  const claim = async (workerId: string) =>
    (
      await claimInboxJobs(env.deps.db, {
        workerId,
        limit: 1,
        leaseMs: 60_000,
        now: env.deps.now(),
      })
    )[0]!;

  it('both claimed and run together: money moves once', async () => {
    const original = await stored('@UpsiderAgent send 2 UP to @bob (race one)');
    const edit = await env.edit(original.id, '@UpsiderAgent send 3 UP to @bob (race one)');
    await env.agent.worker.poll();
    const engine = await env.agent.engine();
    const [a, b] = [await claim('A'), await claim('B')];
    expect([a.postId, b.postId].sort()).toEqual([original.id, edit.id].sort());
    await Promise.all([a, b].map((row) => processJob({ ...engine, agentUserId: null }, row)));
    await env.drain();
    expect(await transfersFor(original.id, edit.id)).toHaveLength(1);
    expect(await replyTexts(original.id, edit.id)).toHaveLength(1);
  });

  it('the edit read while the original is mid-transfer: the edit moves nothing', async () => {
    const original = await stored('@UpsiderAgent send 2 UP to @bob (race two)');
    const engine = await env.agent.engine();
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let started!: () => void;
    const inTransfer = new Promise<void>((r) => {
      started = r;
    });
    const wallets = {
      ...engine.wallets,
      transfer: async (r: Parameters<typeof engine.wallets.transfer>[0]) => {
        started();
        await held;
        return engine.wallets.transfer(r);
      },
    };
    const first = processJob({ ...engine, wallets, agentUserId: null }, await claim('A'));
    await inTransfer;
    const edit = await env.edit(original.id, '@UpsiderAgent send 9 UP to @bob (race two)');
    await env.agent.worker.poll();
    await processJob({ ...engine, agentUserId: null }, await claim('B'));
    release();
    await first;
    await env.drain();

    expect(await transfersFor(original.id, edit.id)).toHaveLength(1);
    expect(await env.replyTexts(original.id)).toEqual([expect.stringMatching(/^Sent 2\.00 UP/)]);
    expect(await env.replyTexts(edit.id)).toEqual([
      expect.stringMatching(/^Edits are not run again\. For your original post I am still working/),
    ]);
  });
});
