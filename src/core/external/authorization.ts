import { and, eq, inArray } from 'drizzle-orm';
import { externalAllowedProjects, externalProjects, xUserTokens } from '@/db/schema/index.ts';
import type { AuthorizationStatus } from '@/shared/external/contract.ts';
import type { CoreDeps } from '../deps.ts';
import { conflict, invalid } from '../errors.ts';
import { getFreshAccessToken } from './fresh-access-token.ts';
import { getTokenRow, openTokens, scopesOf } from './user-tokens.ts';

type Deps = Pick<CoreDeps, 'db' | 'now' | 'tokenCipher' | 'x' | 'logger'>;

/**
 * What posting for a user needs, asked only on /authorize-twitter where the user grants it
 * knowingly (sign-in asks to read only): write access and a refresh token (X access tokens live
 * 2 hours); `users.read` and `tweet.read` are what X requires beside `tweet.write`.
 */
export const EXTERNAL_REQUIRED_SCOPES = [
  'tweet.read',
  'tweet.write',
  'users.read',
  'offline.access',
];

/** The page then sends the browser to `GET /api/twitter/authorize`, X's consent for posting. */
export const consentRequired = () =>
  conflict(
    'Allow posting for you on X first: X asks you for the permissions posting needs.',
    'x_consent_required',
  );

/**
 * Lets outside projects use the user's posting grant (after checking it still works). A grant
 * exists only from X's consent on /authorize-twitter; without one the user is sent there.
 */
export async function authorizeExternal(deps: Deps, p: { xUserId: string }) {
  const row = await getTokenRow(deps, p.xUserId);
  if (!row?.authorizedAt || row.status !== 'active' || !row.refreshTokenEnc) {
    throw consentRequired();
  }
  if (!EXTERNAL_REQUIRED_SCOPES.every((s) => scopesOf(row).includes(s))) throw consentRequired();
  // Refreshes now if they are about to expire; a dead grant becomes needs_reauthorization.
  await getFreshAccessToken(deps, p.xUserId);
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
