import { asc, eq, gte } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { portfolioBook, portfolioValuePoints } from '@/db/schema/index.ts';
import type { Book } from './map-book.ts';

const ROW = 1;

/** Stores a freshly read book (clearing the failure) and its value point. */
export async function storeBook(db: Db, book: Book, at: Date) {
  await db
    .insert(portfolioBook)
    .values({ id: ROW, book, fetchedAt: at, lastError: null, lastErrorAt: null })
    .onConflictDoUpdate({
      target: portfolioBook.id,
      set: { book, fetchedAt: at, lastError: null, lastErrorAt: null },
    });
  await db
    .insert(portfolioValuePoints)
    .values({
      at,
      currentValue: book.summary.currentValue,
      totalInvested: book.summary.totalInvested,
    })
    .onConflictDoNothing();
}

/** Records that Polymarket failed; the last good book stays. */
export async function recordBookFailure(db: Db, message: string, at: Date) {
  await db
    .update(portfolioBook)
    .set({ lastError: message, lastErrorAt: at })
    .where(eq(portfolioBook.id, ROW));
}

export async function readBook(db: Db) {
  const [row] = await db.select().from(portfolioBook).where(eq(portfolioBook.id, ROW));
  if (!row) return null;
  return { book: row.book as Book, fetchedAt: row.fetchedAt, failing: row.lastError !== null };
}

export async function readValueHistory(db: Db, since: Date) {
  const rows = await db
    .select()
    .from(portfolioValuePoints)
    .where(gte(portfolioValuePoints.at, since))
    .orderBy(asc(portfolioValuePoints.at));
  return rows.map((r) => ({
    at: r.at.toISOString(),
    currentValue: r.currentValue,
    totalInvested: r.totalInvested,
  }));
}
