import { z } from 'zod';

/**
 * The digital-evidence archive's calls: GET
 * /api/digital-evidence (list), /api/digital-evidence/{id} (detail), /api/tweet-status/{id} and
 * /api/tweet/{id}; built by the routes as these types, parsed by the web hooks with these schemas.
 */
export const evidenceEntrySchema = z.object({
  uuid: z.string(),
  tweetId: z.string(),
  tweetContent: z.string(),
  tweetType: z.string(),
  platform: z.string(),
  username: z.string().nullable(),
  createdAt: z.string(),
  fingerprintHash: z.string(),
  fingerprintUrl: z.string(),
  contentHash: z.string(),
  metadata: z
    .object({
      metadata: z
        .object({ tags: z.record(z.string(), z.unknown()).optional() })
        .passthrough()
        .optional(),
    })
    .passthrough()
    .optional(),
});
export type EvidenceEntry = z.infer<typeof evidenceEntrySchema>;

export const evidenceListSchema = z.object({
  total: z.number(),
  entries: z.array(evidenceEntrySchema),
  nextCursor: z.string().nullable().optional(),
});
export type EvidenceList = z.infer<typeof evidenceListSchema>;

/**
 * The detail is an entry plus what a verifier needs: the canonical record and the signed
 * submission whose hash is the fingerprint (checked in shared/evidence/verify-evidence.ts).
 */
export const evidenceDetailSchema = evidenceEntrySchema.extend({
  submittedAt: z.string().nullable().optional(),
  record: z.unknown(),
  submission: z.unknown(),
});
export type EvidenceDetail = z.infer<typeof evidenceDetailSchema>;

export const tweetStatusSchema = z.object({ available: z.boolean() });
export type TweetStatus = z.infer<typeof tweetStatusSchema>;

/** GET /api/tweet/{id}: our own post shape for the embed (no third-party script). */
export const livePostSchema = z.object({
  data: z.object({
    id: z.string(),
    text: z.string(),
    createdAt: z.string().nullable(),
    author: z
      .object({
        id: z.string(),
        username: z.string(),
        name: z.string(),
        profileImageUrl: z.string().nullable(),
      })
      .nullable(),
  }),
});
export type LivePostResponse = z.infer<typeof livePostSchema>;
export type LivePost = LivePostResponse['data'];
