import { and, eq, inArray } from 'drizzle-orm';
import { externalAllowedProjects, externalProjects, xUserTokens } from '../../db/schema/index.ts';
import type { AuthorizationStatus } from '../../shared/external/contract.ts';
import type { CoreDeps } from '../deps.ts';
import { invalid } from '../errors.ts';
import { getFreshAccessToken } from './fresh-access-token.ts';
import { getTokenRow, openTokens, scopesOf } from './user-tokens.ts';

type Deps = Pick<CoreDeps, 'db' | 'now' | 'tokenCipher' | 'x' | 'logger'>;

/** Posting for a user needs write access and a refresh token (X access tokens live 2 hours). */
export const EXTERNAL_REQUIRED_SCOPES = [
  'tweet.read',
  'tweet.write',
  'users.read',
  'offline.access',
];

const signInAgain = () =>
  invalid(
    'Your X sign-in does not allow posting for you. Sign out, sign in with X again, then authorize.',
    'reauthorization_required',
  );

/** Lets outside projects use the X tokens from the user's sign-in (after checking they still work). */
export async function authorizeExternal(deps: Deps, p: { xUserId: string }) {
  const row = await getTokenRow(deps, p.xUserId);
  if (!row) throw signInAgain();
  if (row.status !== 'active' || !row.refreshTokenEnc) throw signInAgain();
  const scopes = scopesOf(row);
  if (!EXTERNAL_REQUIRED_SCOPES.every((s) => scopes.includes(s))) throw signInAgain();
  // Refreshes now if they are about to expire; a dead grant becomes needs_reauthorization.
  await getFreshAccessToken(deps, p.xUserId);
  await deps.db
    .update(xUserTokens)
    .set({ authorizedAt: deps.now() })
    .where(eq(xUserTokens.xUserId, p.xUserId));
  return getAuthorizationStatus(deps, p);
}

/**
 * Revokes the tokens at X and deletes them with the user's project choices. Deleting here is
 * what stops outside posting, so it happens even when X cannot be reached (then logged).
 */
export async function revokeExternal(deps: Deps, p: { xUserId: string }) {
  const row = await getTokenRow(deps, p.xUserId);
  let revokedAtX = false;
  if (row) {
    try {
      const tokens = openTokens(deps, row);
      if (tokens.refreshToken) await deps.x.revoke(tokens.refreshToken, 'refresh_token');
      await deps.x.revoke(tokens.accessToken, 'access_token');
      revokedAtX = true;
    } catch (err) {
      deps.logger.warn(
        { xUserId: p.xUserId, err: (err as Error).message },
        'X token revoke failed',
      );
    }
  }
  await deps.db.transaction(async (tx) => {
    await tx.delete(xUserTokens).where(eq(xUserTokens.xUserId, p.xUserId));
    await tx.delete(externalAllowedProjects).where(eq(externalAllowedProjects.xUserId, p.xUserId));
  });
  return { revoked: true, revokedAtX };
}

export async function listAllowedProjects(deps: Pick<CoreDeps, 'db'>, xUserId: string) {
  return deps.db
    .select({ id: externalProjects.id, name: externalProjects.name })
    .from(externalAllowedProjects)
    .innerJoin(externalProjects, eq(externalProjects.id, externalAllowedProjects.projectId))
    .where(and(eq(externalAllowedProjects.xUserId, xUserId), eq(externalProjects.disabled, false)))
    .orderBy(externalProjects.name);
}

/**
 * The external authorization status the API returns, plus `state` to tell "never" from "must
 * sign in again".
 */
export async function getAuthorizationStatus(deps: Pick<CoreDeps, 'db'>, p: { xUserId: string }) {
  const row = await getTokenRow(deps, p.xUserId);
  const authorized = Boolean(row?.authorizedAt);
  const state: AuthorizationStatus['state'] =
    !row || !authorized
      ? 'not_authorized'
      : row.status === 'active'
        ? 'authorized'
        : 'needs_reauthorization';
  return {
    isAuthorized: state === 'authorized',
    state,
    scopes: authorized && row ? scopesOf(row) : [],
    expiresAt: authorized ? (row?.expiresAt?.toISOString() ?? null) : null,
    lastUsedAt: row?.lastUsedAt?.toISOString() ?? null,
    allowedProjects: await listAllowedProjects(deps, p.xUserId),
  };
}

/** Replaces the set of projects allowed to post for the user; each must exist and be enabled. */
export async function setAllowedProjects(
  deps: Pick<CoreDeps, 'db'>,
  p: { xUserId: string; projectIds: string[] },
) {
  const ids = [...new Set(p.projectIds)];
  const found = ids.length
    ? await deps.db
        .select({ id: externalProjects.id })
        .from(externalProjects)
        .where(and(inArray(externalProjects.id, ids), eq(externalProjects.disabled, false)))
    : [];
  const unknown = ids.filter((id) => !found.some((f) => f.id === id));
  if (unknown.length) throw invalid(`Unknown project: ${unknown.join(', ')}`, 'unknown_project');
  await deps.db.transaction(async (tx) => {
    await tx.delete(externalAllowedProjects).where(eq(externalAllowedProjects.xUserId, p.xUserId));
    if (ids.length) {
      await tx
        .insert(externalAllowedProjects)
        .values(ids.map((projectId) => ({ xUserId: p.xUserId, projectId })));
    }
  });
  return listAllowedProjects(deps, p.xUserId);
}
