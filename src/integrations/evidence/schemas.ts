import { z } from 'zod';

export {
  type FingerprintSubmission,
  type FingerprintValue,
  fingerprintSubmissionSchema,
  fingerprintValueSchema,
} from '../../shared/evidence/signed-submission.ts';

/** Shapes of the Digital Evidence API `/v1` (integrations.md §6); the submission's is shared. */
export const submissionResultSchema = z.array(
  z.object({
    eventId: z.string(),
    hash: z.string(),
    accepted: z.boolean(),
    errors: z.array(z.string()).default([]),
  }),
);
export type SubmissionResult = z.infer<typeof submissionResultSchema>[number];

export const fingerprintStatusSchema = z.enum([
  'UNASSIGNED',
  'ASSIGNED',
  'FINALIZED_COMMITMENT',
  'ERRORED_COMMITMENT',
]);
export type FingerprintStatus = z.infer<typeof fingerprintStatusSchema>;

export const fingerprintDetailSchema = z.object({
  eventId: z.string(),
  documentId: z.string(),
  documentRef: z.string(),
  hash: z.string(),
  createdAt: z.string(),
  batchId: z.string().nullish(),
  status: fingerprintStatusSchema.optional(),
  tags: z.record(z.string(), z.string()).nullish(),
});
export type FingerprintDetail = z.infer<typeof fingerprintDetailSchema>;

export const proofSchema = z.object({
  hash: z.string(),
  proof: z.object({
    batchId: z.string(),
    batchRoot: z.string(),
    signature: z.string(),
    proofPath: z.array(z.string()),
    proofIndices: z.array(z.number().int()),
    treeHeight: z.number().int(),
  }),
});
export type FingerprintProof = z.infer<typeof proofSchema>;

export const statsSchema = z.object({
  totalFingerprints: z.number(),
  totalBatches: z.number(),
  totalFinalized: z.number(),
});

export const batchSchema = z.object({
  batchId: z.string(),
  status: z.string(),
  batchRoot: z.string().nullish(),
  fingerprintCount: z.number(),
  createdAt: z.string(),
  finalizedAt: z.string().nullish(),
});
export type Batch = z.infer<typeof batchSchema>;

export const errorBodySchema = z.object({
  errors: z.array(z.object({ message: z.string() })).optional(),
  message: z.string().optional(),
});
