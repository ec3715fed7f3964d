import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoCharges } from '@/agent/commands/video/drain-videos.ts';
import { runVideoJob, type VideoJobDeps } from '@/agent/commands/video/run-video-job.ts';
import { VIDEO_JOB } from '@/agent/commands/video/video-job.ts';
import { getSpendableBalance } from '@/core/transfers/balances/spendable.ts';
import { type RenderedVideo, RenderTimeoutError, renderVideo } from '@/core/videos/index.ts';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { claimJobs, drainJobs } from '@/db/queue/index.ts';
import {
  agentOutbox,
  allowanceCharges,
  balanceHolds,
  jobs,
  promoVideos,
  transfers,
} from '@/db/schema/index.ts';
import { type AgentEnv, offsetClock, startAgentEnv } from '../../../support/agent-env.ts';
import { CookieJar, request, signIn } from '../../../support/sign-in.ts';

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
/** The uses charged to a user (paid or free; a released reservation charged nothing). */
const chargesOf = async (userId: string) =>
  (
    await t.deps.db.select().from(allowanceCharges).where(eq(allowanceCharges.xUserId, userId))
  ).filter((c) => c.state !== 'released');
/** What the user can spend now: the balance every answer shows, held prices taken out. */
const spendable = (address: string) =>
  getSpendableBalance(t.deps, { address, token: 'UP' as const });
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
  charges: videoCharges(t.deps),
});
/**
 * One real render (an ffmpeg encode, ~7 s) for the tests about what surrounds a render — the
 * held price, a worker killed after storing the MP4 or after charging — which need a real MP4 to
 * store, upload and compare, not an encode of their own post each. The encode itself is proven
 * in src/core/videos/render-video.test.ts, and through the agent's own loop here by the first
 * test and the worker killed mid-render.
 */
let oneRender: Promise<RenderedVideo> | undefined;
const sharedRender: VideoJobDeps['render'] = (post, o) => {
  oneRender ??= renderVideo(post, o);
  return oneRender;
};
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
    // The reply states what it cost, as the fingerprint and analysis replies do.
    expect(reply.text).toMatch(
      /^Your \$UP promotion video of bob's post\. Paid 250\.00 UP\. Receipt: /,
    );
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
    // The receipt states the exact price paid.
    expect(receipt.body).toMatchObject({
      result: 'done',
      charge: { item: 'video', state: 'paid', price: (250n * UNIT).toString() },
    });
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
    const receipt = await t.call('GET', `/api/receipts/${ask.id}`);
    expect(receipt.body).toMatchObject({
      result: 'refused',
      // With where to add UP: the requester's own wallet (decision 0050).
      reason: expect.stringMatching(
        /^No video made: a video costs 250\.00 UP and your balance is 0\.00 UP\. Nothing was charged\. Add UP to your wallet DAG\w+ and ask again\.$/,
      ),
    });
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

describe('the price is held from the request until the video is paid', () => {
  it('260 UP, a video asked, everything sent away while it renders: the sends spare the price, the video is posted and paid', async () => {
    await t.user('dave');
    const daveAddress = await t.walletAddressOf('dave');
    await t.fund(daveAddress, 'UP', '260');
    const target = await t.post('bob', 'Hold test post');
    const ask = await t.post('dave', '@UpsiderAgent make a video of this', { quotedId: target.id });
    await t.agent.worker.poll();
    await t.agent.worker.processDue();
    expect(await t.repliesTo(ask.id)).toHaveLength(0);

    // While the video renders, dave tries to send away what the video will cost, then all.
    const sendNow = async (text: string) => {
      const post = await t.post('dave', text);
      await t.agent.worker.poll();
      while ((await t.agent.worker.processDue()) > 0);
      await t.agent.worker.sendReplies();
      return (await t.replyTexts(post.id))[0]!;
    };
    const during: string[] = [];
    const sendingWhileRendering: VideoJobDeps['render'] = async (post, o) => {
      during.push(await sendNow('@UpsiderAgent send 200 UP to @bob'));
      during.push(await sendNow('@UpsiderAgent send all UP to @bob'));
      during.push(await sendNow('@UpsiderAgent balance'));
      return sharedRender(post, o);
    };
    const ran = await drainJobs(t.deps.db, {
      workerId: 'render-while-sending',
      now: clock.now,
      handlers: { [VIDEO_JOB]: (job) => runVideoJob(jobDeps(sendingWhileRendering), job) },
    });
    expect(ran).toBe(1);

    expect(during[0]).toMatch(/^Not sent: your balance is 10\.00 UP, and this needs 201\.00 UP/);
    const sentAll = /^Sent ([\d.]+) UP to bob \(fee ([\d.]+) UP\)/.exec(during[1]!);
    expect(sentAll).not.toBeNull();
    const sent = Number(sentAll![1]) + Number(sentAll![2]);
    expect(sent).toBeLessThanOrEqual(10);
    expect(sent).toBeGreaterThan(9.9);
    // The balance shown says where the rest is.
    expect(during[2]).toMatch(
      /^Your balance: 0\.0\d UP · 0\.00 DAG · 0\.00 DOR\. 250\.00 UP more is held for paid work under way\./,
    );

    await t.agent.worker.sendReplies();
    const replies = await t.repliesTo(ask.id);
    expect(replies.map((r) => r.text)).toEqual([
      expect.stringMatching(/^Your \$UP promotion video of bob's post/),
    ]);
    expect(await chargesFor(ask.id)).toEqual([
      expect.objectContaining({ state: 'paid', price: 250n * UP_PRICE }),
    ]);
    const [hold] = await t.deps.db
      .select()
      .from(balanceHolds)
      .where(eq(balanceHolds.idempotencyKey, `charge:video:${ask.id}`));
    expect(hold).toMatchObject({ state: 'charged', amount: 250n * UNIT });
    await t.settle();
    const left = await upBalance(daveAddress);
    expect(left).toBeGreaterThanOrEqual(0n);
    expect(left).toBeLessThan(UNIT / 10n);
  });

  it('the held price is not spendable while the video renders, and comes back when the render fails', async () => {
    await t.user('erin');
    const erinAddress = await t.walletAddressOf('erin');
    await t.fund(erinAddress, 'UP', '300');
    const target = await t.post('bob', 'Failing render hold test post');
    const ask = await t.post('erin', '@UpsiderAgent make a video of this', { quotedId: target.id });
    await t.agent.worker.poll();
    await t.agent.worker.processDue();
    expect(await spendable(erinAddress)).toBe(50n * UNIT);
    // A second video cannot be held from what is left: refused at once, with what is left.
    const second = await t.post('erin', '@UpsiderAgent video promote this', {
      quotedId: target.id,
    });
    await t.agent.worker.poll();
    await t.agent.worker.processDue();
    await t.agent.worker.sendReplies();
    expect((await t.replyTexts(second.id))[0]).toMatch(
      /^No video made: a video costs 250\.00 UP and your balance is 50\.00 UP\. Nothing was charged\./,
    );

    let seen: bigint | null = null;
    const failing: VideoJobDeps['render'] = async () => {
      seen = await spendable(erinAddress);
      throw new RenderTimeoutError(1_000);
    };
    const ran = await drainJobs(t.deps.db, {
      workerId: 'failing-render',
      now: clock.now,
      handlers: { [VIDEO_JOB]: (job) => runVideoJob(jobDeps(failing), job) },
    });
    expect(ran).toBe(1);
    expect((await getJob(`video:${ask.id}`)).status).toBe('failed');
    expect(seen).toBe(50n * UNIT);
    expect(await spendable(erinAddress)).toBe(300n * UNIT);
    expect(await chargesFor(ask.id)).toEqual([expect.objectContaining({ state: 'released' })]);
    await t.agent.worker.sendReplies();
    expect((await t.replyTexts(ask.id))[0]).toMatch(/^No video made: rendering took too long/);
    await t.settle();
    expect(await upBalance(erinAddress)).toBe(300n * UNIT);
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
      return sharedRender(post, o);
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

  it('a worker killed after charging, before it could finish: the next posts once, charges once', async () => {
    await t.fund(aliceAddress, 'UP', '300');
    await t.settle();
    const balanceBefore = await upBalance(aliceAddress);
    const target = await t.post('bob', 'Killed after charge test post');
    const ask = await t.post('alice', '@UpsiderAgent produce a short video about this', {
      quotedId: target.id,
    });
    await t.agent.worker.poll();
    await t.agent.worker.processDue();
    // The first worker renders, uploads, charges and queues the reply, then dies before it can
    // mark the job done.
    const job = await claimAs('killed-after-charging', VIDEO_JOB, `video:${ask.id}`);
    await runVideoJob(jobDeps(sharedRender), job);
    expect(await chargesFor(ask.id)).toEqual([expect.objectContaining({ state: 'paid' })]);
    // Still held by the dead worker: nobody may run it until the lease ends.
    expect(await getJob(`video:${ask.id}`)).toMatchObject({
      status: 'pending',
      lockedBy: 'killed-after-charging',
      finishedAt: null,
    });
    await t.agent.worker.sendReplies();
    expect(await t.repliesTo(ask.id)).toHaveLength(1);

    // The lease ends; the next worker runs the whole job again: every stage is found done.
    clock.advance(6 * 60_000);
    await untilReplied(ask.id);
    await t.drain();
    expect(await t.repliesTo(ask.id)).toHaveLength(1);
    const outbox = await t.deps.db.select().from(agentOutbox).where(eq(agentOutbox.postId, ask.id));
    expect(outbox).toHaveLength(1);
    expect(await chargesFor(ask.id)).toEqual([
      expect.objectContaining({ state: 'paid', price: 250n * UP_PRICE }),
    ]);
    const paid = await t.deps.db
      .select()
      .from(transfers)
      .where(eq(transfers.idempotencyKey, `charge:video:${ask.id}`));
    expect(paid).toHaveLength(1);
    expect((await getJob(`video:${ask.id}`)).status).toBe('done');
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
      charges: videoCharges(t.deps),
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
