import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea } from './bytes.ts';
import { timestamptz } from './columns.ts';

/** How far the chunked X upload of a video got, so a retried job resumes it (decision 0021). */
export interface VideoUploadState {
  mediaId: string;
  /** Segments 0..nextSegment-1 were acknowledged by X. */
  nextSegment: number;
  /** X's `expires_after_secs` from INIT, as a time: past it the upload starts again. */
  expiresAt: string;
  finalized: boolean;
}

/**
 * One promotion video per request post (`@agent make a video of this`): the rendered MP4 and its
 * poster frame, kept so the receipt page can play it and a retried job never renders twice.
 * Progress lives on the render job (`video:<request post id>` in `jobs`).
 */
export const promoVideos = pgTable('promo_videos', {
  requestPostId: text('request_post_id').primaryKey(),
  requesterId: text('requester_id').notNull(),
  targetPostId: text('target_post_id').notNull(),
  targetAuthorUsername: text('target_author_username').notNull(),
  mp4: bytea('mp4'),
  poster: bytea('poster'),
  bytes: integer('bytes'),
  renderMs: integer('render_ms'),
  upload: jsonb('upload').$type<VideoUploadState>(),
  /** The media id X processed; the reply carrying it is outbox key `video:<request post id>`. */
  mediaId: text('media_id'),
  /** Once published: 'free', 'paid' or 'refused' (a refused charge after posting is recorded). */
  charge: text('charge'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
