import * as z from 'zod/mini';

/**
 * A signed fingerprint submission of the Digital Evidence API (integrations.md §6): the value
 * (`attestation.content`) is what is signed and what the fingerprint hash is computed from;
 * `metadata` (hash, tags) travels beside it unsigned. Shared, because a verifier reads the same
 * shape the API client sends.
 */
const hex64 = z.string().check(z.regex(/^[0-9a-f]{64}$/i));

export const fingerprintValueSchema = z.object({
  orgId: z.uuid(),
  tenantId: z.uuid(),
  eventId: z.string().check(z.minLength(1)),
  signerId: z.optional(z.string()),
  documentId: z.string().check(z.minLength(1)),
  documentRef: hex64,
  timestamp: z.string(),
  version: z.literal(1),
});
export type FingerprintValue = z.infer<typeof fingerprintValueSchema>;

export const fingerprintSubmissionSchema = z.object({
  attestation: z.object({
    content: fingerprintValueSchema,
    proofs: z
      .array(
        z.object({
          id: z.string(),
          signature: z.string(),
          algorithm: z.literal('SECP256K1_RFC8785_V1'),
        }),
      )
      .check(z.minLength(1)),
  }),
  metadata: z.optional(
    z.object({ hash: hex64, tags: z.optional(z.record(z.string(), z.string())) }),
  ),
});
export type FingerprintSubmission = z.infer<typeof fingerprintSubmissionSchema>;

/** The archive's document id of a post: signed with the value, so it names the post for good. */
export const documentIdOfPost = (tweetId: string) => `x:${tweetId}`;
