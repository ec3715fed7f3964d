import { eq } from 'drizzle-orm';
import type { ChargeResult } from '@/core/allowances/index.ts';
import type { VideoPost } from '@/core/videos/index.ts';
import { type RenderedVideo, RenderTimeoutError } from '@/core/videos/index.ts';
import type { Db } from '@/db/client.ts';
import {
  isPermanentFailure,
  type JobRow,
  PermanentJobError,
  reportJobProgress,
} from '@/db/queue/index.ts';
import { promoVideos } from '@/db/schema/index.ts';
import type { XClient } from '@/integrations/x/index.ts';
import { uploadVideo } from '@/integrations/x/index.ts';
import type { Logger } from '@/shared/logger.ts';
import { enqueueReply } from '../../outbox/outbox-queue.ts';
import { jobReplyPriority } from '../../outbox/reply-priority.ts';
import { paidText } from '../../replies/paid-text.ts';
import { tellRequester, type VideoFailure } from './tell-requester.ts';
import {
  type VideoJobPayload,
  type VideoStage,
  videoChargeUse,
  videoJobPayload,
  videoReplyKey,
} from './video-job.ts';

export interface VideoJobDeps {
  db: Db;
  logger: Logger;
  now: () => Date;
  x: Pick<XClient, 'getTweet' | 'media'>;
  access: () => Promise<{ accessToken: string }>;
  publicUrl: string;
  agentHandle: string;
  renderLimitMs: number;
  render: (post: VideoPost, opts: { timeLimitMs: number }) => Promise<RenderedVideo>;
  /** The price reserved when the request was accepted: charged before posting, or given back. */
  charges: {
    charge(p: { userId: string; idempotencyKey: string }): Promise<ChargeResult>;
    release(p: { idempotencyKey: string }): Promise<void>;
  };
}

/**
 * One render job: render (once; the MP4 is kept), upload in chunks (resuming a saved upload),
 * charge the price held since the request was accepted, then queue the agent's reply carrying
 * the video: nothing is posted unpaid (decision 0037). Each stage is skipped when a previous
 * attempt finished it, so a worker killed mid-job costs a redo of at most one stage — never a
 * second post or charge (both are keyed by the post). A job that ends without a video gives
 * the held price back.
 */
export async function runVideoJob(deps: VideoJobDeps, job: JobRow) {
  const p = videoJobPayload.parse(job.payload);
  try {
    return await runStages(deps, job, p);
  } catch (err) {
    // A PermanentJobError was told already (fail); any other failure no retry fixes, or the last
    // attempt, is told here and its hold given back (decision 0050).
    const last =
      !(err instanceof PermanentJobError) &&
      (job.attempts >= job.maxAttempts || isPermanentFailure(err));
    if (last) await fail(deps, p, 'failed');
    throw err;
  }
}

async function runStages(deps: VideoJobDeps, job: JobRow, p: VideoJobPayload) {
  const { db } = deps;
  const stage = (progress: VideoStage, ms: number) =>
    reportJobProgress(db, job, { progress, leaseUntil: new Date(deps.now().getTime() + ms) });
  const row = await loadRow(db, p);
  const { accessToken } = await deps.access();
  let mp4 = row.mp4;
  if (!mp4) {
    await stage('rendering', deps.renderLimitMs + 60_000);
    const { tweet, includes } = await deps.x.getTweet(accessToken, p.targetId);
    if (!tweet) return fail(deps, p, 'target_unavailable');
    const author = includes.users?.find((u) => u.id === tweet.author_id);
    const handle = author?.username ?? 'unknown';
    const post = { authorName: author?.name ?? handle, authorHandle: handle, text: tweet.text };
    let video: RenderedVideo;
    try {
      video = await deps.render(
        { ...post, agentHandle: deps.agentHandle },
        {
          timeLimitMs: deps.renderLimitMs,
        },
      );
    } catch (err) {
      if (err instanceof RenderTimeoutError) return fail(deps, p, 'too_slow');
      throw err;
    }
    deps.logger.info(
      { requestPostId: p.requestPostId, renderMs: video.renderMs, bytes: video.mp4.length },
      'video rendered',
    );
    mp4 = video.mp4;
    await db
      .update(promoVideos)
      .set({
        mp4,
        poster: video.poster,
        bytes: mp4.length,
        renderMs: video.renderMs,
        targetAuthorUsername: handle,
      })
      .where(eq(promoVideos.requestPostId, p.requestPostId));
  }
  let mediaId = row.mediaId;
  if (!mediaId) {
    await stage('uploading', 5 * 60_000);
    mediaId = await uploadVideo(deps.x.media, {
      token: accessToken,
      bytes: mp4,
      resume: row.upload ?? null,
      now: deps.now,
      save: async (upload) => {
        await db
          .update(promoVideos)
          .set({ upload })
          .where(eq(promoVideos.requestPostId, p.requestPostId));
      },
    });
    await db
      .update(promoVideos)
      .set({ mediaId })
      .where(eq(promoVideos.requestPostId, p.requestPostId));
  }
  await stage('posting', 60_000);
  const charge = await deps.charges.charge({
    userId: p.requesterId,
    idempotencyKey: videoChargeUse(p.requestPostId),
  });
  await db
    .update(promoVideos)
    .set({ charge: charge.outcome })
    .where(eq(promoVideos.requestPostId, p.requestPostId));
  if (charge.outcome === 'refused') {
    deps.logger.warn({ requestPostId: p.requestPostId, code: charge.code }, 'video unpaid');
    return fail(deps, p, 'unpaid');
  }
  const author = (await loadRow(db, p)).targetAuthorUsername;
  await enqueueReply(db, {
    key: videoReplyKey(p.requestPostId),
    postId: p.requestPostId,
    inReplyToId: p.requestPostId,
    text: `Your $UP promotion video of @${author}'s post. ${paidText(charge)} Receipt: ${deps.publicUrl}/receipts/${p.requestPostId}`,
    mediaIds: [mediaId],
    priority: jobReplyPriority(p.priority),
  });
  return { mediaId, bytes: mp4.length, charge: charge.outcome };
}

async function loadRow(db: Db, p: VideoJobPayload) {
  await db
    .insert(promoVideos)
    .values({
      requestPostId: p.requestPostId,
      requesterId: p.requesterId,
      targetPostId: p.targetId,
      targetAuthorUsername: '',
    })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(promoVideos)
    .where(eq(promoVideos.requestPostId, p.requestPostId));
  return row!;
}

/**
 * Gives the reserved price back, tells the requester once and ends the job as failed (the
 * receipt shows why).
 */
async function fail(deps: VideoJobDeps, p: VideoJobPayload, why: VideoFailure): Promise<never> {
  await deps.charges.release({ idempotencyKey: videoChargeUse(p.requestPostId) });
  await tellRequester(deps.db, { ...p, publicUrl: deps.publicUrl, why });
  throw new PermanentJobError(`video not made: ${why}`, { failure: why });
}
