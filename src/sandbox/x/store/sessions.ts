import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { xWebSessions } from '../../db/schema/index.ts';
import { randomToken, sha256Hex } from '../ids.ts';
import { findUserById, type XUser } from './users.ts';

const SESSION_MS = 30 * 24 * 60 * 60 * 1000;

/** Starts a browser session on the local X; returns the cookie value. */
export async function createWebSession(db: Db, userId: string, now: Date): Promise<string> {
  const token = randomToken(32);
  await db.insert(xWebSessions).values({
    tokenHash: sha256Hex(token),
    userId,
    csrfToken: randomToken(24),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MS),
  });
  return token;
}

export interface WebSession {
  user: XUser;
  csrfToken: string;
}

export async function findWebSession(
  db: Db,
  token: string | undefined,
  now: Date,
): Promise<WebSession | null> {
  if (!token) return null;
  const [row] = await db
    .select()
    .from(xWebSessions)
    .where(and(eq(xWebSessions.tokenHash, sha256Hex(token)), gt(xWebSessions.expiresAt, now)));
  const user = row ? await findUserById(db, row.userId) : undefined;
  return row && user ? { user, csrfToken: row.csrfToken } : null;
}

export async function endWebSession(db: Db, token: string): Promise<void> {
  await db.delete(xWebSessions).where(eq(xWebSessions.tokenHash, sha256Hex(token)));
}
