import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { evidenceRecords } from '../../db/schema/index.ts';

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

export async function markSubmitted(db: Db, id: string, at: Date) {
  await db
    .update(evidenceRecords)
    .set({ state: 'submitted', submittedAt: at, error: null })
    .where(eq(evidenceRecords.id, id));
}

/**
 * Refused (by the API or for payment): the row goes, so the post can be fingerprinted by a
 * later request; the request's outcome stays in the agent's inbox.
 */
export async function dropRecord(db: Db, id: string) {
  await db.delete(evidenceRecords).where(eq(evidenceRecords.id, id));
}
