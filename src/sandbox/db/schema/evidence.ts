import { bigint, index, integer, jsonb, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/db/schema/columns.ts';
import { sandboxSchema } from './sandbox-schema.ts';

// The local Digital Evidence API: accepted fingerprints and the Merkle batches anchoring them.
export const evidenceFingerprints = sandboxSchema.table(
  'evidence_fingerprints',
  {
    /** SHA-256 of the signed value's canonical JSON: the fingerprint's public id. */
    hash: text('hash').primaryKey(),
    eventId: text('event_id').notNull().unique(),
    orgId: text('org_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    documentId: text('document_id').notNull(),
    documentRef: text('document_ref').notNull(),
    submission: jsonb('submission').notNull(),
    tags: jsonb('tags').$type<Record<string, string>>(),
    status: text('status').notNull().default('UNASSIGNED'),
    batchId: text('batch_id'),
    leafIndex: integer('leaf_index'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('evidence_fingerprints_status_idx').on(t.status, t.createdAt),
    index('evidence_fingerprints_batch_idx').on(t.batchId, t.leafIndex),
    index('evidence_fingerprints_document_ref_idx').on(t.documentRef),
  ],
);

export const evidenceBatches = sandboxSchema.table('evidence_batches', {
  batchId: text('batch_id').primaryKey(),
  status: text('status').notNull(),
  batchRoot: text('batch_root').notNull(),
  /** The twin's SECP256K1_RFC8785_V1 signature (DER hex) over {batchId, batchRoot}. */
  signature: text('signature').notNull(),
  fingerprintCount: integer('fingerprint_count').notNull(),
  /** The Merkle Patricia Trie root over the batch (the MCP shape's `mptRoot`). */
  mptRoot: text('mpt_root'),
  /** The global snapshot the finalized batch's roots were committed in (decision 0051). */
  globalSnapshotOrdinal: bigint('global_snapshot_ordinal', { mode: 'number' }),
  globalSnapshotHash: text('global_snapshot_hash'),
  createdAt: timestamptz('created_at').notNull(),
  finalizedAt: timestamptz('finalized_at'),
});
