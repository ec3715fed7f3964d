import { asc, count, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import type { FingerprintSubmission } from '@/integrations/evidence/index.ts';
import { evidenceBatches, evidenceFingerprints } from '../db/schema/evidence.ts';

type Row = typeof evidenceFingerprints.$inferSelect;

export const detailOf = (row: Row) => ({
  eventId: row.eventId,
  documentId: row.documentId,
  documentRef: row.documentRef,
  hash: row.hash,
  createdAt: row.createdAt.toISOString(),
  batchId: row.batchId,
  status: row.status,
  tags: row.tags ?? undefined,
});

/**
 * Stores an accepted fingerprint. The same signed value again is accepted as the same
 * fingerprint (idempotent); another value under a used eventId is refused.
 */
export async function storeFingerprint(
  db: Db,
  s: FingerprintSubmission,
  hash: string,
  now: Date,
): Promise<string[]> {
  const { content } = s.attestation;
  await db
    .insert(evidenceFingerprints)
    .values({
      hash,
      eventId: content.eventId,
      orgId: content.orgId,
      tenantId: content.tenantId,
      documentId: content.documentId,
      documentRef: content.documentRef,
      submission: s,
      tags: s.metadata?.tags ?? null,
      createdAt: now,
    })
    .onConflictDoNothing();
  const [byEvent] = await db
    .select({ hash: evidenceFingerprints.hash })
    .from(evidenceFingerprints)
    .where(eq(evidenceFingerprints.eventId, content.eventId));
  return byEvent?.hash === hash ? [] : ['eventId already used for another fingerprint'];
}

export async function findFingerprint(db: Db, hash: string) {
  const [row] = await db
    .select()
    .from(evidenceFingerprints)
    .where(eq(evidenceFingerprints.hash, hash.toLowerCase()));
  return row ?? null;
}

export const batchLeaves = (db: Db, batchId: string) =>
  db
    .select({ hash: evidenceFingerprints.hash })
    .from(evidenceFingerprints)
    .where(eq(evidenceFingerprints.batchId, batchId))
    .orderBy(asc(evidenceFingerprints.leafIndex))
    .then((rows) => rows.map((r) => r.hash));

export async function findBatch(db: Db, batchId: string) {
  const [row] = await db.select().from(evidenceBatches).where(eq(evidenceBatches.batchId, batchId));
  return row ?? null;
}

export const latestFingerprints = (db: Db, limit: number, status?: string) =>
  db
    .select()
    .from(evidenceFingerprints)
    .where(status ? eq(evidenceFingerprints.status, status) : undefined)
    .orderBy(desc(evidenceFingerprints.createdAt), desc(evidenceFingerprints.hash))
    .limit(limit);

export async function stats(db: Db, now: Date) {
  const since = (ms: number) =>
    db
      .select({ n: count() })
      .from(evidenceFingerprints)
      .where(gte(evidenceFingerprints.createdAt, new Date(now.getTime() - ms)))
      .then(([r]) => r?.n ?? 0);
  const [fingerprints] = await db.select({ n: count() }).from(evidenceFingerprints);
  const [batches] = await db.select({ n: count() }).from(evidenceBatches);
  const [finalized] = await db
    .select({ n: count() })
    .from(evidenceFingerprints)
    .where(eq(evidenceFingerprints.status, 'FINALIZED_COMMITMENT'));
  return {
    totalFingerprints: fingerprints?.n ?? 0,
    totalBatches: batches?.n ?? 0,
    totalFinalized: finalized?.n ?? 0,
    last24h: await since(86_400_000),
    last30d: await since(30 * 86_400_000),
  };
}

export const unassigned = (db: Db, limit: number) =>
  db
    .select({ hash: evidenceFingerprints.hash })
    .from(evidenceFingerprints)
    .where(eq(evidenceFingerprints.status, 'UNASSIGNED'))
    .orderBy(asc(evidenceFingerprints.createdAt), asc(evidenceFingerprints.hash))
    .limit(limit)
    .then((rows) => rows.map((r) => r.hash));
