import { and, eq, lt } from 'drizzle-orm';
import { sessions, users } from '@/db/schema/index.ts';
import type { CoreDeps } from '../deps.ts';
import { createOpaqueId, hashOpaqueId } from './opaque-id.ts';

type Deps = Pick<CoreDeps, 'db' | 'config' | 'now'>;
export type SessionUser = typeof users.$inferSelect;

const DAY_MS = 86_400_000;
/** Writing last_seen_at on every request would turn reads into writes; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;

const idleCutoff = (deps: Deps) =>
  new Date(deps.now().getTime() - deps.config.sessionIdleDays * DAY_MS);
/** Sessions signed in before this are over, used or not (a stolen cookie does not live forever). */
const ageCutoff = (deps: Deps) =>
  new Date(deps.now().getTime() - deps.config.sessionMaxDays * DAY_MS);

/**
 * Starts a session for a user who just signed in. The browser's previous session (if any) is
 * deleted: a fresh id at every sign-in defeats session fixation. Returns the cookie value.
 */
export async function createSession(deps: Deps, p: { xUserId: string; previousId?: string }) {
  const id = createOpaqueId();
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (p.previousId)
      await tx.delete(sessions).where(eq(sessions.idHash, hashOpaqueId(p.previousId)));
    // Housekeeping: this user's idle sessions are dead anyway.
    await tx
      .delete(sessions)
      .where(and(eq(sessions.xUserId, p.xUserId), lt(sessions.lastSeenAt, idleCutoff(deps))));
    await tx
      .insert(sessions)
      .values({ idHash: hashOpaqueId(id), xUserId: p.xUserId, createdAt: now, lastSeenAt: now });
  });
  return id;
}

/**
 * The user behind a session cookie, or null if it is unknown, idle too long or older than the
 * absolute lifetime (then deleted). `touched` says the sliding expiry moved, so the caller
 * re-sends the cookie; `maxAgeSeconds` is what the cookie may still live.
 */
export async function resolveSession(deps: Deps, id: string) {
  const idHash = hashOpaqueId(id);
  const [row] = await deps.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.xUserId, sessions.xUserId))
    .where(eq(sessions.idHash, idHash));
  if (!row) return null;
  const now = deps.now();
  if (row.session.lastSeenAt <= idleCutoff(deps) || row.session.createdAt <= ageCutoff(deps)) {
    await deps.db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  const touched = now.getTime() - row.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS;
  if (touched) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  const untilEnd = row.session.createdAt.getTime() + deps.config.sessionMaxDays * DAY_MS;
  const maxAgeSeconds = Math.floor(
    Math.min(deps.config.sessionIdleDays * DAY_MS, untilEnd - now.getTime()) / 1000,
  );
  return { user: row.user, touched, maxAgeSeconds };
}

export async function deleteSession(deps: Pick<CoreDeps, 'db'>, id: string) {
  await deps.db.delete(sessions).where(eq(sessions.idHash, hashOpaqueId(id)));
}
