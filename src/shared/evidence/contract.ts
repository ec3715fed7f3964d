import * as z from 'zod/mini';

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
  username: z.nullable(z.string()),
  createdAt: z.string(),
  fingerprintHash: z.string(),
  fingerprintUrl: z.string(),
  contentHash: z.string(),
  metadata: z.optional(
    z.looseObject({
      metadata: z.optional(z.looseObject({ tags: z.optional(z.record(z.string(), z.unknown())) })),
    }),
  ),
});
export type EvidenceEntry = z.infer<typeof evidenceEntrySchema>;

export const evidenceListSchema = z.object({
  total: z.number(),
  entries: z.array(evidenceEntrySchema),
  nextCursor: z.optional(z.nullable(z.string())),
});
export type EvidenceList = z.infer<typeof evidenceListSchema>;

/** The global snapshot the post's batch names as its commitment (decision 0051). */
export const evidenceAnchorSchema = z.object({
  batchId: z.string(),
  ordinal: z.number(),
  hash: z.string(),
});
export type EvidenceAnchor = z.infer<typeof evidenceAnchorSchema>;

/**
 * The detail is an entry plus what a verifier needs: the canonical record and the signed
 * submission whose hash is the fingerprint (checked in shared/evidence/verify-evidence.ts).
 */
export const evidenceDetailSchema = z.extend(evidenceEntrySchema, {
  submittedAt: z.optional(z.nullable(z.string())),
  record: z.unknown(),
  submission: z.unknown(),
  /** Once the batch is committed: the snapshot it names (the service's word; Verify checks it). */
  anchor: z.optional(z.nullable(evidenceAnchorSchema)),
});
export type EvidenceDetail = z.infer<typeof evidenceDetailSchema>;

export const tweetStatusSchema = z.object({ available: z.boolean() });
export type TweetStatus = z.infer<typeof tweetStatusSchema>;

/** GET /api/tweet/{id}: our own post shape for the embed (no third-party script). */
export const livePostSchema = z.object({
  data: z.object({
    id: z.string(),
    text: z.string(),
    createdAt: z.nullable(z.string()),
    author: z.nullable(
      z.object({
        id: z.string(),
        username: z.string(),
        name: z.string(),
        profileImageUrl: z.nullable(z.string()),
      }),
    ),
  }),
});
export type LivePostResponse = z.infer<typeof livePostSchema>;
export type LivePost = LivePostResponse['data'];
