import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { xUserTokens } from '@/db/schema/index.ts';
import { XOAuthError } from '@/integrations/x/index.ts';
import type { CoreDeps } from '../deps.ts';
import { conflict, DomainError } from '../errors.ts';
import { getTokenRow, openTokens, sealTokens, type TokenRow } from './user-tokens.ts';

type Deps = Pick<CoreDeps, 'db' | 'now' | 'tokenCipher' | 'x' | 'logger'>;

/** Refresh when less than this is left, so a token never expires mid-call. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** How long one process may hold the right to refresh (covers the call to X). */
const LEASE_MS = 30_000;
const WAIT_STEP_MS = 200;
const MAX_WAITS = 50;

export const needsReauthorization = () =>
  conflict(
    'Your X authorization has expired. Authorize again on the Authorize page: X asks you again.',
    'reauthorization_required',
  );

const wantsRefresh = (row: TokenRow, now: Date) =>
  row.expiresAt !== null && row.expiresAt.getTime() - now.getTime() < REFRESH_MARGIN_MS;

export async function markNeedsReauthorization(deps: Pick<CoreDeps, 'db'>, xUserId: string) {
  await deps.db
    .update(xUserTokens)
    .set({ status: 'needs_reauthorization', refreshLeaseUntil: null })
    .where(eq(xUserTokens.xUserId, xUserId));
}

/**
 * A usable access token for the user, refreshed first when it expires within 5 minutes.
 * X's refresh tokens are single-use, so exactly one process may refresh: it claims a lease with
 * one conditional UPDATE (the row lock decides the race; no transaction stays open across the
 * call to X) and saves the new access and refresh tokens together in one UPDATE. Others wait
 * and re-read. A refused refresh (400 / invalid_grant) marks the authorization
 * needs_reauthorization once and throws 409; it is never retried.
 */
export async function getFreshAccessToken(deps: Deps, xUserId: string): Promise<string> {
  for (let wait = 0; wait <= MAX_WAITS; wait++) {
    const row = await getTokenRow(deps, xUserId);
    if (!row)
      throw new DomainError(
        'conflict',
        'not_authorized',
        'No X authorization is stored for this user',
      );
    if (row.status === 'needs_reauthorization') throw needsReauthorization();
    const now = deps.now();
    if (!wantsRefresh(row, now)) return openTokens(deps, row).accessToken;
    if (!row.refreshTokenEnc) {
      if (row.expiresAt! > now) return openTokens(deps, row).accessToken;
      await markNeedsReauthorization(deps, xUserId);
      throw needsReauthorization();
    }
    const [claimed] = await deps.db
      .update(xUserTokens)
      .set({ refreshLeaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(
        and(
          eq(xUserTokens.xUserId, xUserId),
          eq(xUserTokens.status, 'active'),
          eq(xUserTokens.refreshTokenEnc, row.refreshTokenEnc),
          or(isNull(xUserTokens.refreshLeaseUntil), lt(xUserTokens.refreshLeaseUntil, now)),
        ),
      )
      .returning();
    if (claimed) return refreshClaimed(deps, claimed);
    await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
  }
  throw new DomainError(
    'unavailable',
    'token_refresh_busy',
    'X token refresh is taking too long; try again',
  );
}

async function refreshClaimed(deps: Deps, row: TokenRow): Promise<string> {
  const { refreshToken } = openTokens(deps, row);
  try {
    const tokens = await deps.x.refresh(refreshToken!);
    // X may omit a new refresh token; then the old one stays valid.
    const next = { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
    await deps.db
      .update(xUserTokens)
      .set({
        ...sealTokens(deps, row.xUserId, next),
        refreshLeaseUntil: null,
        updatedAt: deps.now(),
      })
      .where(eq(xUserTokens.xUserId, row.xUserId));
    return tokens.accessToken;
  } catch (err) {
    if (err instanceof XOAuthError && err.isInvalidGrant) {
      deps.logger.warn({ xUserId: row.xUserId, error: err.error }, 'X refused a token refresh');
      await markNeedsReauthorization(deps, row.xUserId);
      throw needsReauthorization();
    }
    // X unreachable or failing: release the lease, keep the tokens, let a later call retry.
    await deps.db
      .update(xUserTokens)
      .set({ refreshLeaseUntil: null })
      .where(eq(xUserTokens.xUserId, row.xUserId));
    throw new DomainError(
      'upstream_failed',
      'x_unavailable',
      'X did not answer the token refresh; try again',
    );
  }
}
