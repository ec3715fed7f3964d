import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { evidenceArchiveTotals, evidenceRecords } from '@/db/schema/index.ts';

export type EvidenceRow = typeof evidenceRecords.$inferSelect;
export type NewEvidenceRow = typeof evidenceRecords.$inferInsert;

export async function findByTweet(db: Db, tweetId: string): Promise<EvidenceRow | null> {
  const [row] = await db.select().from(evidenceRecords).where(eq(evidenceRecords.tweetId, tweetId));
  return row ?? null;
}

export async function findByRequest(db: Db, requestPostId: string): Promise<EvidenceRow | null> {
  const [row] = await db
    .select()
    .from(evidenceRecords)
    .where(eq(evidenceRecords.requestPostId, requestPostId));
  return row ?? null;
}

/** Stores the pending record unless the post (or this request) already has one; returns the row that holds. */
export async function insertPending(db: Db, row: NewEvidenceRow): Promise<EvidenceRow> {
  await db.insert(evidenceRecords).values(row).onConflictDoNothing();
  return (await findByRequest(db, row.requestPostId)) ?? (await findByTweet(db, row.tweetId))!;
}

/** Pending → submitted, counted in the archive's total in the same transaction (once). */
export async function markSubmitted(db: Db, id: string, at: Date) {
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(evidenceRecords)
      .set({ state: 'submitted', submittedAt: at, error: null })
      .where(and(eq(evidenceRecords.id, id), eq(evidenceRecords.state, 'pending')))
      .returning({ id: evidenceRecords.id });
    if (!changed.length) return;
    await tx
      .insert(evidenceArchiveTotals)
      .values({ id: 1, submitted: 1 })
      .onConflictDoUpdate({
        target: evidenceArchiveTotals.id,
        set: { submitted: sql`${evidenceArchiveTotals.submitted} + 1` },
      });
  });
}

/** The archive's total without counting rows. */
export async function archiveTotal(db: Db): Promise<number> {
  const [row] = await db
    .select()
    .from(evidenceArchiveTotals)
    .where(eq(evidenceArchiveTotals.id, 1));
  return row?.submitted ?? 0;
}

/**
 * Refused (by the API or for payment): the row goes, so the post can be fingerprinted by a
 * later request; the request's outcome stays in the agent's inbox.
 */
export async function dropRecord(db: Db, id: string) {
  await db.delete(evidenceRecords).where(eq(evidenceRecords.id, id));
}
