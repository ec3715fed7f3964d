import { and, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { users } from '@/db/schema/index.ts';

/**
 * A user row for an X account the product meets without a sign-in (a post's author, a
 * recipient, a rewarded author), so boards and receipts show the handle, never the numeric id.
 * Sign-in fields stay untouched; a known handle is refreshed (handles change), an unknown one
 * never overwrites. Another row still holding the handle was renamed since, as at sign-in (upsert-user.ts).
 */
export async function rememberXAccount(
  db: Db,
  a: { xUserId: string; username: string | null },
): Promise<void> {
  const username = a.username ?? `~${a.xUserId}`;
  await db.transaction(async (tx) => {
    if (a.username) {
      await tx
        .update(users)
        .set({ username: sql`'~' || ${users.xUserId}` })
        .where(
          and(sql`lower(${users.username}) = lower(${username})`, ne(users.xUserId, a.xUserId)),
        );
    }
    const insert = tx.insert(users).values({ xUserId: a.xUserId, username, displayName: username });
    await (a.username
      ? insert.onConflictDoUpdate({ target: users.xUserId, set: { username } })
      : insert.onConflictDoNothing({ target: users.xUserId }));
  });
}
