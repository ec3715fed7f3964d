import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { unclaimedSends, users } from '@/db/schema/index.ts';

const DAY_MS = 86_400_000;

/** When money held today for someone who never signed in goes back (UNCLAIMED_RETURN_DAYS). */
export const returnDate = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

/**
 * Holds a send to an X account that has never signed in: it returns to the sender after `days`
 * unless they sign in first. Keyed on the transfer, so a re-run of the command keeps the first
 * date. Returns that date, or null when the recipient has already claimed their account.
 */
export async function holdIfUnclaimed(
  db: Db,
  p: { transferId: string; recipientXUserId: string; now: Date; days: number },
): Promise<Date | null> {
  const [recipient] = await db
    .select({ claimedAt: users.claimedAt })
    .from(users)
    .where(eq(users.xUserId, p.recipientXUserId));
  const [held] = await db
    .select({ returnAfter: unclaimedSends.returnAfter, state: unclaimedSends.state })
    .from(unclaimedSends)
    .where(eq(unclaimedSends.transferId, p.transferId));
  if (held) return held.state === 'claimed' ? null : held.returnAfter;
  if (!recipient || recipient.claimedAt) return null;
  await db
    .insert(unclaimedSends)
    .values({
      transferId: p.transferId,
      recipientXUserId: p.recipientXUserId,
      returnAfter: returnDate(p.now, p.days),
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ returnAfter: unclaimedSends.returnAfter })
    .from(unclaimedSends)
    .where(eq(unclaimedSends.transferId, p.transferId));
  return row?.returnAfter ?? null;
}

/**
 * The person proved they hold this X account (a sign-in, or a post of theirs the agent acted
 * on): everything held for them is theirs from now on. A return already under way has won the
 * race (its row is no longer 'held') and completes.
 */
export async function markClaimed(db: Db, p: { xUserId: string; now: Date }): Promise<void> {
  await db
    .update(users)
    .set({ claimedAt: p.now })
    .where(and(eq(users.xUserId, p.xUserId), isNull(users.claimedAt)));
  await db
    .update(unclaimedSends)
    .set({ state: 'claimed', settledAt: p.now })
    .where(
      and(eq(unclaimedSends.recipientXUserId, p.xUserId), sql`${unclaimedSends.state} = 'held'`),
    );
}
