import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { xUsers } from '../../db/schema/index.ts';
import { snowflake } from '../ids.ts';

export type XUser = typeof xUsers.$inferSelect;

const byLowerName = (username: string) =>
  sql`lower(${xUsers.username}) = ${username.toLowerCase()}`;

export async function findUserByUsername(db: Db, username: string): Promise<XUser | undefined> {
  const [user] = await db.select().from(xUsers).where(byLowerName(username));
  return user;
}

export async function findUsersByIds(db: Db, ids: string[]): Promise<XUser[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(xUsers)
    .where(inArray(xUsers.id, [...new Set(ids)]));
}

/** The newest accounts first (the sandbox page lists who one can sign in as). */
export async function listRecentUsers(db: Db, limit: number): Promise<XUser[]> {
  return db.select().from(xUsers).orderBy(desc(xUsers.createdAt), desc(xUsers.id)).limit(limit);
}

export async function findUserById(db: Db, id: string): Promise<XUser | undefined> {
  return (await findUsersByIds(db, [id]))[0];
}

/** Case-insensitive lookup of several handles at once (mention entities). */
export async function findUsersByUsernames(db: Db, usernames: string[]): Promise<XUser[]> {
  const lower = [...new Set(usernames.map((u) => u.toLowerCase()))];
  if (lower.length === 0) return [];
  return db
    .select()
    .from(xUsers)
    .where(inArray(sql`lower(${xUsers.username})`, lower));
}

/**
 * The account with this handle, created on first use (the local X has no sign-up):
 * a numeric snowflake id, the handle as display name, created now.
 */
export async function ensureUser(db: Db, username: string, now: Date): Promise<XUser> {
  const existing = await findUserByUsername(db, username);
  if (existing) return existing;
  await db
    .insert(xUsers)
    .values({
      id: snowflake(now).toString(),
      username,
      name: username,
      description: `Account on the local X sandbox.`,
      createdAt: now,
    })
    .onConflictDoNothing();
  const user = await findUserByUsername(db, username);
  if (!user) throw new Error(`could not create X sandbox account ${username}`);
  return user;
}

/** Sets the follower count and/or backdates the account (admin API: rules on account age). */
export async function setUserProfile(
  db: Db,
  id: string,
  p: { followersCount?: number; createdAt?: Date },
): Promise<XUser> {
  const set = {
    ...(p.followersCount !== undefined ? { followersCount: p.followersCount } : {}),
    ...(p.createdAt ? { createdAt: p.createdAt } : {}),
  };
  if (Object.keys(set).length === 0) return (await findUserById(db, id))!;
  const [row] = await db.update(xUsers).set(set).where(eq(xUsers.id, id)).returning();
  return row!;
}
