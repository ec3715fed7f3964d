import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { merkleRoot } from '@/shared/evidence/merkle.ts';
import { buildMpt } from '@/shared/evidence/mpt-build.ts';
import { signValue } from '@/shared/evidence/signature.ts';
import { commitStateChannel } from '../constellation/state-channel.ts';
import { evidenceBatches, evidenceFingerprints } from '../db/schema/evidence.ts';
import { SANDBOX_EVIDENCE } from './keys.ts';
import { unassigned } from './store.ts';

const MAX_BATCH = 1024;

/**
 * One batching round, as the real service moves fingerprints along:
 * 1. batches assigned in an earlier round are committed: FINALIZED_COMMITMENT, their binary and
 *    MPT roots written into the local global snapshot chain, whose head they then name;
 * 2. waiting fingerprints (UNASSIGNED) become one new batch: a Merkle tree over their hashes,
 *    the root signed with the twin's key; they are ASSIGNED.
 * So a fingerprint is finalized one or two rounds after it was accepted.
 */
export async function runBatchRound(db: Db, p: { now: Date; batchPrivateKey: string }) {
  const finalized = await db
    .update(evidenceBatches)
    .set({ status: 'FINALIZED_COMMITMENT', finalizedAt: p.now })
    .where(eq(evidenceBatches.status, 'ASSIGNED'))
    .returning();
  if (finalized.length > 0) {
    // The commitment: both roots into the local global snapshot chain (decision 0051).
    const content = finalized.map((b) => ({ batchId: b.batchId, roots: [b.batchRoot, b.mptRoot] }));
    const at = await commitStateChannel(db, { metagraphId: SANDBOX_EVIDENCE.metagraphId, content });
    if (at) {
      await db
        .update(evidenceBatches)
        .set({ globalSnapshotOrdinal: Number(at.ordinal), globalSnapshotHash: at.hash })
        .where(
          inArray(
            evidenceBatches.batchId,
            finalized.map((b) => b.batchId),
          ),
        );
    }
    await db
      .update(evidenceFingerprints)
      .set({ status: 'FINALIZED_COMMITMENT' })
      .where(
        and(
          eq(evidenceFingerprints.status, 'ASSIGNED'),
          inArray(
            evidenceFingerprints.batchId,
            finalized.map((b) => b.batchId),
          ),
        ),
      );
  }

  const leaves = await unassigned(db, MAX_BATCH);
  if (leaves.length === 0) return { finalized: finalized.length, batchId: null };
  const batchId = randomUUID();
  const batchRoot = merkleRoot(leaves);
  // Each fingerprint is its own key and value in the trie (our choice; decision 0051).
  const mptRoot = buildMpt(leaves.map((hash) => ({ key: hash, value: hash }))).root;
  const { signature } = signValue({ batchId, batchRoot }, p.batchPrivateKey);
  await db.transaction(async (tx) => {
    await tx.insert(evidenceBatches).values({
      batchId,
      status: 'ASSIGNED',
      batchRoot,
      mptRoot,
      signature,
      fingerprintCount: leaves.length,
      createdAt: p.now,
    });
    for (const [leafIndex, hash] of leaves.entries()) {
      await tx
        .update(evidenceFingerprints)
        .set({ status: 'ASSIGNED', batchId, leafIndex })
        .where(eq(evidenceFingerprints.hash, hash));
    }
  });
  return { finalized: finalized.length, batchId };
}
