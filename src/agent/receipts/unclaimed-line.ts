import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { unclaimedSends, users } from '@/db/schema/index.ts';

/**
 * Where a send to an X account that never signed in stands (decision 0048): held until they
 * sign in, with the date it goes back; claimed; or returned to the sender. The receipt says it
 * from the start, so the sender never has to ask what happens to unclaimed money.
 */
export async function getUnclaimedLine(db: Db, transferId: string) {
  const [row] = await db
    .select({
      state: unclaimedSends.state,
      returnAfter: unclaimedSends.returnAfter,
      settledAt: unclaimedSends.settledAt,
      error: unclaimedSends.error,
      recipient: users.username,
    })
    .from(unclaimedSends)
    .leftJoin(users, eq(users.xUserId, unclaimedSends.recipientXUserId))
    .where(eq(unclaimedSends.transferId, transferId));
  if (!row) return null;
  return {
    state: row.state,
    recipient: row.recipient,
    returnAfter: row.returnAfter.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
    error: row.error,
  };
}
