import { eq, lt } from 'drizzle-orm';
import { pendingLogins } from '@/db/schema/index.ts';
import { createCodeVerifier, createOAuthState } from '@/integrations/x/index.ts';
import type { CoreDeps } from '../deps.ts';
import { createOpaqueId, hashOpaqueId } from './opaque-id.ts';

type Deps = Pick<CoreDeps, 'db' | 'now'>;

/** How long a browser may take at X's consent page. */
export const PENDING_LOGIN_TTL_MS = 10 * 60 * 1000;

/**
 * Stores state + PKCE verifier server-side; the returned id goes into the login cookie. A
 * posting grant names the signed-in user who asked for it (`grant`).
 */
export async function createPendingLogin(
  deps: Deps,
  p: { returnTo: string; grant?: { xUserId: string } },
) {
  const id = createOpaqueId();
  const state = createOAuthState();
  const codeVerifier = createCodeVerifier();
  const now = deps.now();
  // Housekeeping: abandoned sign-ins.
  await deps.db.delete(pendingLogins).where(lt(pendingLogins.expiresAt, now));
  await deps.db.insert(pendingLogins).values({
    idHash: hashOpaqueId(id),
    state,
    codeVerifier,
    returnTo: p.returnTo,
    purpose: p.grant ? 'grant_posting' : 'sign_in',
    xUserId: p.grant?.xUserId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PENDING_LOGIN_TTL_MS),
  });
  return { id, state, codeVerifier };
}

/** Takes (and deletes: single use) the pending login behind a cookie; null if missing or expired. */
export async function takePendingLogin(deps: Deps, id: string | undefined) {
  if (!id) return null;
  const [row] = await deps.db
    .delete(pendingLogins)
    .where(eq(pendingLogins.idHash, hashOpaqueId(id)))
    .returning();
  if (!row || row.expiresAt <= deps.now()) return null;
  return row;
}
