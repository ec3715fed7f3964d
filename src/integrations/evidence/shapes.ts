import { z } from 'zod';
import {
  type BinaryProof,
  binaryProofSchema,
  type MptProofData,
  mptProofSchema,
} from '@/shared/evidence/proof-shapes.ts';

// The verifier's schemas (zod/mini, browser-safe) stay the one definition of each proof.
const binaryProof = z.custom<BinaryProof>((v) => binaryProofSchema.safeParse(v).success);
const mptProof = z.custom<MptProofData>((v) => mptProofSchema.safeParse(v).success);

/**
 * The two answer shapes of `/v1` (issue 41), decided by the answer itself: the TypeScript SDK's
 * (Constellation-Labs/digital-evidence-sdk packages/typescript/src/network/types.ts) and the MCP
 * server's (packages/mcp-server/src/types/api.ts). Each is read into one normalized value.
 */
export type EvidenceShape = 'sdk' | 'mcp';

const sdkSubmit = z.object({
  eventId: z.string(),
  hash: z.string(),
  accepted: z.boolean(),
  errors: z.array(z.string()).default([]),
});
const mcpSubmit = z.object({ hash: z.string(), id: z.string(), status: z.string() });
/** MCP results name no event: the client matches them to what it sent by hash. */
export const submitItemSchema = z.union([
  sdkSubmit.transform((r) => ({ ...r, shape: 'sdk' as const })),
  mcpSubmit.transform((r) => ({
    eventId: null,
    hash: r.hash,
    accepted: r.status !== 'ERRORED_COMMITMENT' && r.status !== 'REJECTED',
    errors: [] as string[],
    shape: 'mcp' as const,
  })),
]);

export const statsAnswerSchema = z.union([
  z
    .object({ totalFingerprints: z.number(), totalBatches: z.number(), totalFinalized: z.number() })
    .transform((s) => ({ shape: 'sdk' as const, fingerprintsTotal: s.totalFingerprints, raw: s })),
  z
    .object({
      fingerprints24h: z.number(),
      fingerprints30d: z.number(),
      fingerprintsTotal: z.number(),
    })
    .transform((s) => ({ shape: 'mcp' as const, fingerprintsTotal: s.fingerprintsTotal, raw: s })),
]);

const snapshotFields = {
  globalSnapshotOrdinal: z.number().int().nullish(),
  globalSnapshotHash: z.string().nullish(),
};
export const batchAnswerSchema = z.union([
  z
    .object({
      batchId: z.string(),
      status: z.string(),
      batchRoot: z.string().nullish(),
      ...snapshotFields,
    })
    .transform((b) => anchorOf('sdk', b.batchId, b.status, b.batchRoot, b)),
  z
    .object({
      id: z.string(),
      status: z.string(),
      mptRoot: z.string().nullish(),
      ...snapshotFields,
    })
    .transform((b) => anchorOf('mcp', b.id, b.status, b.mptRoot, b)),
]);
export type BatchAnswer = z.output<typeof batchAnswerSchema>;

function anchorOf(
  shape: EvidenceShape,
  batchId: string,
  status: string,
  root: string | null | undefined,
  b: { globalSnapshotOrdinal?: number | null; globalSnapshotHash?: string | null },
) {
  return {
    shape,
    batchId,
    status,
    root: root ?? null,
    globalSnapshotOrdinal: b.globalSnapshotOrdinal ?? null,
    globalSnapshotHash: b.globalSnapshotHash ?? null,
  };
}

export const proofAnswerSchema = z.union([
  z
    .object({ hash: z.string(), proof: binaryProof })
    .transform((p) => ({ shape: 'sdk' as const, proof: p.proof })),
  mptProof.transform((p) => ({ shape: 'mcp' as const, proof: p })),
]);
