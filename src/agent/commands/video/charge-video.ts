import { eq } from 'drizzle-orm';
import type { ChargeResult } from '@/core/allowances/index.ts';
import type { Db } from '@/db/client.ts';
import type { JobRow } from '@/db/queue/index.ts';
import { agentOutbox, promoVideos } from '@/db/schema/index.ts';
import type { Logger } from '@/shared/logger.ts';
import { videoReplyKey } from './video-job.ts';

export interface ChargeVideoDeps {
  db: Db;
  logger: Logger;
  charge: (p: { userId: string; idempotencyKey: string }) => Promise<ChargeResult>;
}

/**
 * Finishes the charge jobs that earlier versions queued after posting a video (the render job
 * now charges the price held since the request before it posts: run-video-job.ts). Charges once
 * the agent's post carrying it is on X (key `video:<request post>`: a replay never charges
 * twice); until the outbox has sent it, the job retries; a reply never sent is never charged.
 */
export async function chargeVideo(deps: ChargeVideoDeps, job: JobRow) {
  const p = job.payload as { requestPostId: string; requesterId: string };
  const [reply] = await deps.db
    .select({ status: agentOutbox.status, sentPostId: agentOutbox.sentPostId })
    .from(agentOutbox)
    .where(eq(agentOutbox.key, videoReplyKey(p.requestPostId)));
  if (!reply || reply.status === 'pending') throw new Error('the video post is not published yet');
  if (reply.status === 'failed') return { charge: 'none' };
  const r = await deps.charge({
    userId: p.requesterId,
    idempotencyKey: `video:${p.requestPostId}`,
  });
  await deps.db
    .update(promoVideos)
    .set({ charge: r.outcome })
    .where(eq(promoVideos.requestPostId, p.requestPostId));
  if (r.outcome === 'refused') {
    deps.logger.warn(
      { requestPostId: p.requestPostId, code: r.code },
      'video charge refused after posting',
    );
  }
  return { charge: r.outcome, price: r.outcome === 'free' ? '0' : r.price.toString() };
}
