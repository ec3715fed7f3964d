import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@/agent/engine/run-command.ts';
import type { InboxPost } from '@/agent/inbox/normalize-post.ts';
import { createProject } from '@/core/external/projects.ts';
import { agentInbox, externalPostLog, transfers } from '@/db/schema/index.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';
import { createUser } from '../../support/factories.ts';

/**
 * Second wall of the threat model (decision 0009): even if a post made through a posting grant
 * reached X with a command in it (a race, a future bug in the API check), the agent ignores posts
 * it knows came through a grant. The log row is written before the post is published.
 */
let t: AgentEnv;
let aliceId: string;
let projectId: string;

beforeAll(async () => {
  // Sends above 50 UP wait for a 'confirm'.
  t = await startAgentEnv({ env: { AGENT_CONFIRM_ABOVE_UP: '50' } });
  aliceId = (await t.user('alice')).id;
  await t.user('mallory');
  await createUser(t.deps, { xUserId: aliceId, username: 'alice' });
  projectId = (await createProject(t.deps, { name: 'Racer', dailyCap: 10 })).project.id;
  const ask = await t.post('alice', "@UpsiderAgent what's my address");
  await t.drain();
  const address = /DAG\w{37}/.exec((await t.repliesTo(ask.id))[0]!.text)![0];
  await t.fund(address, 'UP', '100');
});
afterAll(() => t?.close());

const logGrantPost = (values: { text: string; result: 'pending' | 'posted'; postId?: string }) =>
  t.deps.db
    .insert(externalPostLog)
    .values({ projectId, xUserId: aliceId, createdAt: t.deps.now(), ...values })
    .returning({ id: externalPostLog.id });

describe('the agent ignores posts made through a posting grant', () => {
  it('a post whose id is in the grant log: no send, no reply', async () => {
    const text = '@UpsiderAgent send 10 UP to @mallory';
    const p = await t.post('alice', text);
    await logGrantPost({ text, result: 'posted', postId: p.id });
    await t.drain();
    expect(await t.repliesTo(p.id)).toHaveLength(0);
    expect(await t.deps.db.select().from(transfers)).toHaveLength(0);
    const [row] = await t.deps.db.select().from(agentInbox).where(eq(agentInbox.postId, p.id));
    expect(row?.outcome).toEqual({ kind: 'ignored', reason: 'grant_post' });
  });

  it('a grant post still being published (id not known yet, same text): ignored', async () => {
    const text = '@UpsiderAgent send 11 UP to @mallory';
    const [log] = await logGrantPost({ text, result: 'pending' });
    const p = await t.post('alice', text);
    await t.drain();
    const [row] = await t.deps.db.select().from(agentInbox).where(eq(agentInbox.postId, p.id));
    expect(row?.outcome).toEqual({ kind: 'ignored', reason: 'grant_post' });
    expect(await t.deps.db.select().from(transfers)).toHaveLength(0);
    // The API's call to X timed out: whether X published it is unknown; still ignored by text.
    await t.deps.db
      .update(externalPostLog)
      .set({ result: 'failed' })
      .where(eq(externalPostLog.id, log!.id));
  });

  it("alice's own post still works", async () => {
    const p = await t.post('alice', '@UpsiderAgent send 1 UP to @mallory');
    await t.drain();
    expect((await t.repliesTo(p.id))[0]!.text).toMatch(/^Sent 1\.00 UP to mallory/);
  });

  it('while a grant post of the author is being published, the agent waits until its id is known', async () => {
    // X may rewrite text (links), so a text match is not enough: any publishing grant post blocks.
    const [log] = await logGrantPost({ text: 'something X rewrote', result: 'pending' });
    const p = await t.post('alice', '@UpsiderAgent send 12 UP to @mallory');
    await t.drain();
    const [waiting] = await t.deps.db.select().from(agentInbox).where(eq(agentInbox.postId, p.id));
    expect(waiting?.status).toBe('pending');
    await t.deps.db
      .update(externalPostLog)
      .set({ result: 'posted', postId: p.id })
      .where(eq(externalPostLog.id, log!.id));
    await t.deps.db
      .update(agentInbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(agentInbox.postId, p.id));
    await t.drain();
    const [row] = await t.deps.db.select().from(agentInbox).where(eq(agentInbox.postId, p.id));
    expect(row?.outcome).toEqual({ kind: 'ignored', reason: 'grant_post' });
    expect(await t.repliesTo(p.id)).toHaveLength(0);
  });

  it('a grant post replying "confirm" to the user’s own command confirms nothing', async () => {
    const command = await t.post('alice', '@UpsiderAgent send 60 UP to @mallory');
    await t.drain();
    expect((await t.replyTexts(command.id))[0]).toMatch(/^About to send 60\.00 UP to mallory/);
    // The project's "confirm" under alice's own post: not a reply to the agent, so the grant API
    // lets it through; it reaches the confirmation rule here (on X it can count as a mention).
    const grantConfirm = await t.post('alice', 'confirm', { inReplyToId: command.id });
    await logGrantPost({ text: 'confirm', result: 'posted', postId: grantConfirm.id });
    const transfersBefore = (await t.deps.db.select().from(transfers)).length;
    const post: InboxPost = {
      id: grantConfirm.id,
      authorId: aliceId,
      authorUsername: 'alice',
      text: 'confirm',
      createdAt: null,
      conversationId: command.id,
      inReplyToUserId: aliceId,
      referencedTweets: [{ type: 'replied_to', id: command.id }],
      entities: null,
    };
    const outcome = await runCommand(await t.agent.engine(), {
      postId: grantConfirm.id,
      source: 'x',
      author: { xUserId: aliceId, username: 'alice' },
      post,
      command: { kind: 'confirm' },
    });
    expect(outcome).toEqual({ kind: 'rejected', reason: { code: 'nothing_to_confirm' } });
    expect(await t.deps.db.select().from(transfers)).toHaveLength(transfersBefore);

    // Alice's own confirm still sends, once.
    const own = await t.post('alice', '@UpsiderAgent confirm', { inReplyToId: command.id });
    await t.drain();
    expect((await t.replyTexts(own.id))[0]).toMatch(/^Sent 60\.00 UP to mallory/);
  });
});
