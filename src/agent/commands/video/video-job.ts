import { z } from 'zod';

export const VIDEO_JOB = 'video';
export const VIDEO_CHARGE_JOB = 'video_charge';
/** The render job, the agent's one reply (the video or why not), and the charge: one each per post. */
export const videoJobKey = (requestPostId: string) => `video:${requestPostId}`;
export const videoReplyKey = (requestPostId: string) => `video:${requestPostId}`;
/** The charge job of earlier versions, which charged after the video was posted. */
export const videoChargeKey = (requestPostId: string) => `video-charge:${requestPostId}`;
/** The paid use a video request is (the allowance service's key, reserved when accepted). */
export const videoChargeUse = (requestPostId: string) => `video:${requestPostId}`;

export const videoJobPayload = z.object({
  requestPostId: z.string().min(1),
  requesterId: z.string().regex(/^\d+$/),
  requesterUsername: z.string(),
  targetId: z.string().regex(/^\d{1,19}$/),
  priority: z.number().int(),
});
export type VideoJobPayload = z.infer<typeof videoJobPayload>;

/** Stages a render job reports while it runs (jobs.progress), in order. */
export type VideoStage = 'rendering' | 'uploading' | 'posting';
