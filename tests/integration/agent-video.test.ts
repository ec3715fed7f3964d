import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVideoJob, type VideoJobDeps } from '../../src/agent/videos/run-video-job.ts';
import { VIDEO_CHARGE_JOB, VIDEO_JOB } from '../../src/agent/videos/video-job.ts';
import { RenderTimeoutError, renderVideo } from '../../src/core/video/index.ts';
import { provisionSystemWallets } from '../../src/core/wallets/index.ts';
import { claimJobs, drainJobs } from '../../src/db/queue/index.ts';
import { agentOutbox, allowanceCharges, jobs, promoVideos } from '../../src/db/schema/index.ts';
import { type AgentEnv, offsetClock, startAgentEnv } from '../support/agent-env.ts';
import { CookieJar, request, signIn } from '../support/sign-in.ts';

const UNIT = 100_000_000n;
const clock = offsetClock();
let t: AgentEnv;

/** Ticks until the agent has replied to `postId` (a render takes a few seconds). */
async function untilReplied(postId: string, ticks = 40) {
  for (let i = 0; i < ticks; i++) {
    await t.agent.worker.tick();
    const replies = await t.repliesTo(postId);
    if (replies.length) {
      // Once more: the charge follows the published post.
      for (let j = 0; j < 3; j++) await t.agent.worker.tick();
      return t.repliesTo(postId);
    }
    clock.advance(2_000);
  }
  throw new Error(`no reply to ${postId}`);
}
const chargesOf = (userId: string) =>
  t.deps.db.select().from(allowanceCharges).where(eq(allowanceCharges.xUserId, userId));
const getJob = async (key: string) =>
  (await t.deps.db.select().from(jobs).where(eq(jobs.key, key)))[0]!;
const upBalance = async (address: string) =>
  (await t.deps.constellation.getBalance('UP', address)).balance;

let alice: { id: string };
let aliceAddress: string;

/** The render job's dependencies as the agent builds them, with a render the test can watch. */
const jobDeps = (render: VideoJobDeps['render']): VideoJobDeps => ({
  db: t.deps.db,
  logger: t.deps.logger,
  now: clock.now,
  x: t.deps.x,
  access: () => t.agent.worker.access(),
  publicUrl: t.config.publicUrl,
  agentHandle: t.agent.handle,
  renderLimitMs: t.agent.config.videoRenderLimitMs,
  render,
});
/** A worker that takes the job and, like a killed process, never reports how it ended. */
const claimAs = async (workerId: string, kind: string, key: string) => {
  const [job] = await claimJobs(t.deps.db, {
    kinds: [kind],
    workerId,
    limit: 1,
    leaseMs: 60_000,
    now: clock.now(),
  });
  expect(job!.key).toBe(key);
  return job!;
};
const videoRow = async (postId: string) =>
  (await t.deps.db.select().from(promoVideos).where(eq(promoVideos.requestPostId, postId)))[0]!;
const chargesFor = async (postId: string) =>
  (await t.deps.db.select().from(allowanceCharges)).filter(
    (c) => c.idempotencyKey === `charge:video:${postId}`,
  );

beforeAll(async () => {
  t = await startAgentEnv({ now: clock.now });
  await provisionSystemWallets(t.deps);
  alice = await t.user('alice');
  await t.user('bob');
  await t.user('carol');
  aliceAddress = await t.walletAddressOf('alice');
  await t.walletAddressOf('carol');
  await t.fund(aliceAddress, 'UP', '300');
}, 240_000);
afterAll(() => t?.close());

describe('"make a video of this" on the local X', () => {
  it('renders, uploads in chunks, replies once with the video, charges 250 UP once', async () => {
    const target = await t.post('bob', 'UP is live on Constellation 🚀 שלום <b>world</b>');
    const ask = await t.post('alice', '@UpsiderAgent make a video of this', {
      quotedId: target.id,
    });
    const replies = await untilReplied(ask.id);
    expect(replies).toHaveLength(1);
    const reply = replies[0] as (typeof replies)[0] & { mediaIds: string[] };
    expect(reply.text).toMatch(/^Your \$UP promotion video of @bob's post\. Receipt: /);
    expect(reply.mediaIds).toHaveLength(1);
    const file = await t.app.request(
      `${t.config.publicUrl}/sandbox/x/media/${reply.mediaIds[0]}.mp4`,
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp4');

    const [charge] = await chargesOf(alice.id);
    expect(charge).toMatchObject({ item: 'video', state: 'paid', price: 250n * UP_PRICE });
    await t.settle();
    expect(await upBalance(aliceAddress)).toBe(50n * UNIT);

    // Another pass of every loop (a restart, a replay) posts and charges nothing more.
    await t.drain();
    expect(await t.repliesTo(ask.id)).toHaveLength(1);
    expect(await chargesOf(alice.id)).toHaveLength(1);

    const receipt = await t.call('GET', `/api/receipts/${ask.id}`);
    expect(receipt.body.video).toMatchObject({ state: 'posted', targetPostId: target.id });
    const mp4 = await t.app.request(`${t.config.publicUrl}${receipt.body.video.videoUrl}`);
    expect(mp4.headers.get('content-type')).toBe('video/mp4');
    const poster = await t.app.request(`${t.config.publicUrl}${receipt.body.video.posterUrl}`);
    expect(poster.headers.get('content-type')).toBe('image/png');

    // The dashboard lists it for alice, signed in with X.
    const jar = new CookieJar();
    await signIn(t.app, jar, 'alice');
    const mine = await (await request(t.app, jar, '/api/videos/mine')).json();
    expect(mine.videos).toEqual([
      expect.objectContaining({ requestPostId: ask.id, state: 'posted', targetAuthor: 'bob' }),
    ]);
    expect((await t.app.request(`${t.config.publicUrl}/api/videos/mine`)).status).toBe(401);
  });

  it('refuses at once without funds: no render, no charge', async () => {
    const target = await t.post('bob', 'Another post');
    const ask = await t.post('carol', '@UpsiderAgent video promote this', {
      inReplyToId: target.id,
    });
    await t.drain();
    expect((await t.repliesTo(ask.id))[0]!.text).toMatch(
      /^No video made: a video costs 250\.00 UP and your balance is 0\.00 UP/,
    );
    expect(
      await t.deps.db.select().from(promoVideos).where(eq(promoVideos.requestPostId, ask.id)),
    ).toHaveLength(0);
  });

  it('a command without a target post explains how to ask', async () => {
    const ask = await t.post('alice', '@UpsiderAgent make a short video of this');
    await t.drain();
    expect((await t.repliesTo(ask.id))[0]!.text).toMatch(/^No video made: reply to \(or quote\)/);
  });

  it('a target deleted before the render: told once, nothing charged', async () => {
    await t.fund(aliceAddress, 'UP', '300');
    const chargesBefore = (await chargesOf(alice.id)).length;
    const target = await t.post('bob', 'Soon gone');
    const ask = await t.post('alice', '@UpsiderAgent create a video of this post', {
      quotedId: target.id,
    });
    await t.call('DELETE', `/sandbox/x/_admin/posts/${target.id}`);
    const replies = await untilReplied(ask.id);
    expect(replies.map((r) => r.text)).toEqual([
      expect.stringMatching(/^No video made: that post is deleted, protected or not visible/),
    ]);
    expect(await chargesOf(alice.id)).toHaveLength(chargesBefore);
    const [job] = await t.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `video:${ask.id}`));
    expect(job!.status).toBe('failed');
  });
});

describe('a render job that dies or runs too long', () => {
  it('a worker killed mid-render: another takes the job after its lease; one post, one charge', async () => {
    await t.fund(aliceAddress, 'UP', '300');
    const chargesBefore = (await chargesOf(alice.id)).length;
    const target = await t.post('bob', 'Worker crash test post');
    const ask = await t.post('alice', '@UpsiderAgent video promote this', { quotedId: target.id });
    await t.agent.worker.poll();
    await t.agent.worker.processDue();
    // A worker claims the render, then dies without a word (its lease is all that remains).
    const [claimed] = await claimJobs(t.deps.db, {
      kinds: ['video'],
      workerId: 'dead-worker',
      limit: 1,
      leaseMs: 60_000,
      now: clock.now(),
    });
    expect(claimed!.key).toBe(`video:${ask.id}`);
    await t.drain();
    expect(await t.repliesTo(ask.id)).toHaveLength(0);
    clock.advance(61_000);
    const replies = await untilReplied(ask.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.text).toMatch(/^Your \$UP promotion video/);
    await t.drain();
    expect(await t.repliesTo(ask.id)).toHaveLength(1);
    expect((await chargesOf(alice.id)).length).toBe(chargesBefore + 1);
  });

  it('a worker killed after storing the MP4: the next attempt uploads it without rendering again', async () => {
    await t.fund(aliceAddress, 'UP', '300');
    const target = await t.post('bob', 'Killed after render test post');
    const ask = await t.post('alice', '@UpsiderAgent render a video of this post', {
      quotedId: target.id,
    });
    await t.agent.worker.poll();
    await t.agent.worker.processDue();
    let renders = 0;
    const killed = new Error('killed after the MP4 was stored');
    const dying = jobDeps(async (post, o) => {
      renders++;
      return renderVideo(post, o);
    });
    // The process dies as the upload starts: the MP4 is stored, nothing is on X yet.
    dying.x = {
      ...t.deps.x,
      media: {
        ...t.deps.x.media,
        initUpload: async () => {
          throw killed;
        },
      },
    };
    const job = await claimAs('killed-after-render', VIDEO_JOB, `video:${ask.id}`);
    await expect(runVideoJob(dying, job)).rejects.toBe(killed);
    expect(renders).toBe(1);
    const stored = await videoRow(ask.id);
    expect(stored.mp4?.length).toBeGreaterThan(0);
    expect(stored.mediaId).toBeNull();
    await t.drain();
    expect(await t.repliesTo(ask.id)).toHaveLength(0);

    // Its lease ends (the upload stage holds it 5 min); the next worker must not render again.
    clock.advance(6 * 60_000);
    const next = jobDeps(async () => {
      renders++;
      throw new Error('rendered a second time');
    });
    const ran = await drainJobs(t.deps.db, {
      workerId: 'next-worker',
      now: clock.now,
      handlers: { [VIDEO_JOB]: (j) => runVideoJob(next, j) },
    });
    expect(ran).toBe(1);
    expect(renders).toBe(1);
    const replies = (await untilReplied(ask.id)) as unknown as {
      text: string;
      mediaIds: string[];
    }[];
    for (let i = 0; i < 10 && (await chargesFor(ask.id)).length === 0; i++) {
      await t.agent.worker.tick();
      clock.advance(2_000);
    }
    expect(replies).toHaveLength(1);
    const posted = await t.app.request(
      `${t.config.publicUrl}/sandbox/x/media/${replies[0]!.mediaIds[0]}.mp4`,
    );
    expect(Buffer.from(await posted.arrayBuffer()).equals(Buffer.from(stored.mp4!))).toBe(true);
    expect(await chargesFor(ask.id)).toEqual([expect.objectContaining({ state: 'paid' })]);
  });

  it('workers killed after the reply is queued and before the charge: one post, one charge', async () => {
    await t.fund(aliceAddress, 'UP', '300');
    await t.settle();
    const balanceBefore = await upBalance(aliceAddress);
    const target = await t.post('bob', 'Killed before charge test post');
    const ask = await t.post('alice', '@UpsiderAgent produce a short video about this', {
      quotedId: target.id,
    });
    await t.agent.worker.poll();
    await t.agent.worker.processDue();
    // The first worker renders, uploads and queues the reply and the charge, then dies before
    // it can mark the job done.
    const job = await claimAs('killed-after-queueing', VIDEO_JOB, `video:${ask.id}`);
    await runVideoJob(jobDeps(renderVideo), job);
    // Still held by the dead worker: nobody may run it until the lease ends.
    expect(await getJob(`video:${ask.id}`)).toMatchObject({
      status: 'pending',
      lockedBy: 'killed-after-queueing',
      finishedAt: null,
    });
    // The outbox posts the reply; a second worker takes the charge and dies before charging.
    await t.agent.worker.sendReplies();
    expect(await t.repliesTo(ask.id)).toHaveLength(1);
    await claimAs('killed-before-charge', VIDEO_CHARGE_JOB, `video-charge:${ask.id}`);
    await t.drain();
    expect(await chargesFor(ask.id)).toHaveLength(0);

    clock.advance(61_000);
    for (let i = 0; i < 10 && (await chargesFor(ask.id)).length === 0; i++) {
      await t.agent.worker.tick();
      clock.advance(2_000);
    }
    await t.drain();
    expect(await t.repliesTo(ask.id)).toHaveLength(1);
    const outbox = await t.deps.db.select().from(agentOutbox).where(eq(agentOutbox.postId, ask.id));
    expect(outbox).toHaveLength(1);
    expect(await chargesFor(ask.id)).toEqual([
      expect.objectContaining({ state: 'paid', price: 250n * UP_PRICE }),
    ]);
    expect((await getJob(`video:${ask.id}`)).status).toBe('done');
    expect((await getJob(`video-charge:${ask.id}`)).status).toBe('done');
    await t.settle();
    expect(await upBalance(aliceAddress)).toBe(balanceBefore - 250n * UNIT);
  });

  it('a render past the time limit: stopped, the requester told once, nothing charged', async () => {
    const chargesBefore = (await chargesOf(alice.id)).length;
    const target = await t.post('bob', 'Slow render test post');
    const ask = await t.post('alice', '@UpsiderAgent make a promo video of this', {
      quotedId: target.id,
    });
    await t.agent.worker.poll();
    await t.agent.worker.processDue();
    const slow: VideoJobDeps = {
      db: t.deps.db,
      logger: t.deps.logger,
      now: clock.now,
      x: t.deps.x,
      access: () => t.agent.worker.access(),
      publicUrl: t.config.publicUrl,
      agentHandle: t.agent.handle,
      renderLimitMs: 1_000,
      render: async () => {
        throw new RenderTimeoutError(1_000);
      },
    };
    const ran = await drainJobs(t.deps.db, {
      workerId: 'slow-worker',
      now: clock.now,
      handlers: { video: (job) => runVideoJob(slow, job) },
    });
    expect(ran).toBe(1);
    await t.drain();
    await t.drain();
    const replies = await t.repliesTo(ask.id);
    expect(replies.map((r) => r.text)).toEqual([
      expect.stringMatching(
        /^No video made: rendering took too long and was stopped\. Nothing was charged\./,
      ),
    ]);
    expect((await chargesOf(alice.id)).length).toBe(chargesBefore);
    const receipt = await t.call('GET', `/api/receipts/${ask.id}`);
    expect(receipt.body.video).toMatchObject({ state: 'failed' });
    expect(receipt.body.video.failure).toContain('took too long');
  });
});

const UP_PRICE = UNIT;
