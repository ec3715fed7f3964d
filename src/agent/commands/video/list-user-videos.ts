import { desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { promoVideos } from '@/db/schema/index.ts';
import { getVideoProgress } from '../../receipts/video-progress.ts';

/** A user's promotion videos, newest first, each with its state and receipt (the dashboard). */
export async function listUserVideos(db: Db, userId: string, limit = 20) {
  const rows = await db
    .select({ requestPostId: promoVideos.requestPostId, createdAt: promoVideos.createdAt })
    .from(promoVideos)
    .where(eq(promoVideos.requesterId, userId))
    .orderBy(desc(promoVideos.createdAt))
    .limit(limit);
  const videos = [];
  for (const row of rows) {
    const progress = await getVideoProgress(db, row.requestPostId);
    if (!progress) continue;
    videos.push({
      requestPostId: row.requestPostId,
      createdAt: row.createdAt.toISOString(),
      state: progress.state,
      targetAuthor: progress.targetAuthor,
      receiptUrl: `/receipts/${row.requestPostId}`,
    });
  }
  return videos;
}
