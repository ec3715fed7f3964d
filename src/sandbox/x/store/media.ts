import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { xMedia, xMediaChunks } from '../../db/schema/index.ts';
import { snowflake } from '../ids.ts';
import { mp4DurationMs } from '../mp4-duration.ts';

export type XMediaRow = typeof xMedia.$inferSelect;

/** X's limits for `tweet_video` / `amplify_video` (media best practices). */
export const VIDEO_LIMITS = {
  maxBytes: 512 * 1024 * 1024,
  maxChunkBytes: 5 * 1024 * 1024,
  minDurationMs: 500,
  maxDurationMs: 140_000,
};
/** An upload session lives a day; processing takes about a second here. */
export const UPLOAD_TTL_SECS = 86_400;
export const PROCESSING_MS = 1_000;

export async function initMedia(
  db: Db,
  p: { ownerId: string; mediaType: string; category: string; totalBytes: number; now: Date },
): Promise<XMediaRow> {
  const [row] = await db
    .insert(xMedia)
    .values({
      id: snowflake(p.now),
      ownerId: p.ownerId,
      mediaType: p.mediaType,
      mediaCategory: p.category,
      totalBytes: p.totalBytes,
      expiresAt: new Date(p.now.getTime() + UPLOAD_TTL_SECS * 1000),
      createdAt: p.now,
    })
    .returning();
  return row!;
}

export async function findMedia(db: Db, id: bigint): Promise<XMediaRow | undefined> {
  const [row] = await db.select().from(xMedia).where(eq(xMedia.id, id));
  return row;
}

/** A segment sent again replaces the first copy (a client resuming after a lost answer). */
export async function appendChunk(db: Db, mediaId: bigint, segmentIndex: number, bytes: Buffer) {
  await db
    .insert(xMediaChunks)
    .values({ mediaId, segmentIndex, bytes })
    .onConflictDoUpdate({
      target: [xMediaChunks.mediaId, xMediaChunks.segmentIndex],
      set: { bytes },
    });
}

/**
 * Joins the segments in order. A size that differs from INIT's total_bytes is the client's
 * mistake (400, nothing changes); a file that is not an MP4 of allowed length is finalized but
 * fails processing, as on X.
 */
export async function finalizeMedia(
  db: Db,
  media: XMediaRow,
  now: Date,
): Promise<{ ok: true; row: XMediaRow } | { ok: false; message: string }> {
  const chunks = await db
    .select()
    .from(xMediaChunks)
    .where(eq(xMediaChunks.mediaId, media.id))
    .orderBy(asc(xMediaChunks.segmentIndex));
  if (chunks.some((c, i) => c.segmentIndex !== i)) {
    return { ok: false, message: 'Segments are missing: every segment_index from 0 must be sent.' };
  }
  const bytes = Buffer.concat(chunks.map((c) => c.bytes));
  if (bytes.length !== media.totalBytes) {
    return {
      ok: false,
      message: `File size mismatch: total_bytes was ${media.totalBytes}, received ${bytes.length}.`,
    };
  }
  const durationMs = mp4DurationMs(bytes);
  const error =
    durationMs === null
      ? 'Invalid or Unsupported media: not an MP4 video.'
      : durationMs < VIDEO_LIMITS.minDurationMs || durationMs > VIDEO_LIMITS.maxDurationMs
        ? `Video duration ${durationMs / 1000}s is outside 0.5–140 s.`
        : null;
  const [row] = await db.transaction(async (tx) => {
    await tx.delete(xMediaChunks).where(eq(xMediaChunks.mediaId, media.id));
    return tx
      .update(xMedia)
      .set({ state: 'pending', bytes, durationMs, error, finalizedAt: now })
      .where(and(eq(xMedia.id, media.id), eq(xMedia.state, 'uploading')))
      .returning();
  });
  return row ? { ok: true, row } : { ok: false, message: 'Media was already finalized.' };
}

/** pending → in_progress → succeeded | failed, by the time since FINALIZE. */
export function processingState(media: XMediaRow, now: Date): XMediaRow['state'] {
  if (media.state === 'uploading' || !media.finalizedAt) return 'uploading';
  const elapsed = now.getTime() - media.finalizedAt.getTime();
  if (elapsed < PROCESSING_MS / 2) return 'pending';
  if (elapsed < PROCESSING_MS) return 'in_progress';
  return media.error ? 'failed' : 'succeeded';
}
