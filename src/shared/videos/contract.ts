import { z } from 'zod';
import { VIDEO_STATES } from '../agent/contract.ts';

/** GET /api/videos/mine: the signed-in user's promotion videos, newest first. */
export const myVideoSchema = z.object({
  requestPostId: z.string(),
  createdAt: z.string(),
  state: z.enum(VIDEO_STATES),
  targetAuthor: z.string().nullable(),
  receiptUrl: z.string(),
});
export type MyVideo = z.infer<typeof myVideoSchema>;
export const myVideosSchema = z.object({ videos: z.array(myVideoSchema) });
export type MyVideos = z.infer<typeof myVideosSchema>;
