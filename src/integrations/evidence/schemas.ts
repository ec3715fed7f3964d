import { z } from 'zod';
import { submitItemSchema } from './shapes.ts';

export {
  type FingerprintSubmission,
  type FingerprintValue,
  fingerprintSubmissionSchema,
  fingerprintValueSchema,
} from '@/shared/evidence/signed-submission.ts';

/**
 * Shapes of the Digital Evidence API `/v1` (integrations.md §6); the submission's is shared; the
 * answers that differ between the SDK and the MCP server are read in shapes.ts.
 */
export const submissionResultSchema = z.array(submitItemSchema);
export type SubmissionResult = z.output<typeof submissionResultSchema>[number];

/** Our states of a fingerprint: waiting for a batch, in one, committed on the ledger, failed. */
const FINGERPRINT_STATES = [
  'UNASSIGNED',
  'ASSIGNED',
  'FINALIZED_COMMITMENT',
  'ERRORED_COMMITMENT',
] as const;
export type FingerprintStatus = (typeof FINGERPRINT_STATES)[number];

/**
 * The MCP server's batch statuses (packages/mcp-server/src/tools/get-latest.ts: "NEW,
 * PENDING_COMMITMENT, FINALIZED_COMMITMENT, ERRORED_COMMITMENT"), read as our states: a NEW batch
 * is still being filled (UNASSIGNED: not yet sealed into one), PENDING_COMMITMENT is sealed and
 * on its way to the ledger (ASSIGNED).
 */
const MCP_STATES: Record<string, FingerprintStatus> = {
  NEW: 'UNASSIGNED',
  PENDING_COMMITMENT: 'ASSIGNED',
};

export const fingerprintStatusSchema = z
  .enum([...FINGERPRINT_STATES, 'NEW', 'PENDING_COMMITMENT'])
  .transform((s): FingerprintStatus => MCP_STATES[s] ?? (s as FingerprintStatus));

export const fingerprintDetailSchema = z.object({
  eventId: z.string(),
  documentId: z.string(),
  documentRef: z.string(),
  hash: z.string(),
  createdAt: z.string(),
  batchId: z.string().nullish(),
  status: fingerprintStatusSchema.optional(),
  tags: z.record(z.string(), z.string()).nullish(),
  /** MCP shape only (packages/mcp-server/src/types/api.ts `FingerprintDetails`). */
  mptRoot: z.string().nullish(),
  batchGlobalSnapshotHash: z.string().nullish(),
});
export type FingerprintDetail = z.infer<typeof fingerprintDetailSchema>;

/**
 * A fingerprint in a list (`/fingerprints/latest`): the SDK lists fingerprint details, the MCP
 * server `FingerprintSummary` {id, hash, timestamp, status, createdAt, …}, whose `id` is the event.
 */
export const fingerprintListItemSchema = z.union([
  fingerprintDetailSchema.transform((f) => ({
    eventId: f.eventId,
    hash: f.hash,
    status: f.status,
    createdAt: f.createdAt,
  })),
  z
    .object({
      id: z.string(),
      hash: z.string(),
      status: fingerprintStatusSchema,
      createdAt: z.string(),
    })
    .transform((f) => ({ eventId: f.id, hash: f.hash, status: f.status, createdAt: f.createdAt })),
]);

export const errorBodySchema = z.object({
  errors: z.array(z.object({ message: z.string() })).optional(),
  message: z.string().optional(),
});
