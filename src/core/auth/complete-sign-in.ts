import { XApiError, XOAuthError } from '@/integrations/x/index.ts';
import type { CoreDeps } from '../deps.ts';
import { completePostingGrant, GRANT_DONE_PATH } from '../external/complete-posting-grant.ts';
import { markClaimed } from '../unclaimed/index.ts';
import { ensureWalletForUser } from '../wallets/index.ts';
import { takePendingLogin } from './pending-login.ts';
import { createSession } from './sessions.ts';
import { upsertUserFromX } from './upsert-user.ts';

/** The `error` values the home page's sign-in error banner knows. */
export type SignInError =
  | 'twitter_oauth_failed'
  | 'invalid_state'
  | 'session_expired'
  | 'no_code'
  | 'auth_failed';

export type SignInResult =
  /** sessionId null: a posting grant, which keeps the session it was asked from. */
  | { ok: true; sessionId: string | null; returnTo: string }
  | { ok: false; error: SignInError; message?: string };

export interface CallbackParams {
  loginCookie: string | undefined;
  previousSessionId: string | undefined;
  query: { state?: string; code?: string; error?: string };
}

/** Short, user-facing, never a token or stack. */
function describeFailure(err: unknown): string {
  if (err instanceof XOAuthError) return 'X did not accept the sign-in. Please try again.';
  if (err instanceof XApiError) return `X could not be reached (${err.status || 'network'}).`;
  return 'Something went wrong while signing you in.';
}

/**
 * The OAuth callback: pending login → state check → code exchange → /2/users/me → user
 * (keyed by X id) → wallet → new session; or, for a posting grant started on
 * /authorize-twitter, the granted tokens stored for that user (complete-posting-grant.ts).
 */
export async function completeSignIn(deps: CoreDeps, p: CallbackParams): Promise<SignInResult> {
  const pending = await takePendingLogin(deps, p.loginCookie);
  if (p.query.error) {
    const message =
      p.query.error === 'access_denied'
        ? 'You cancelled the sign-in on X.'
        : 'X reported an error during sign-in. Please try again.';
    return { ok: false, error: 'twitter_oauth_failed', message };
  }
  if (!pending) return { ok: false, error: 'session_expired' };
  if (!p.query.state || p.query.state !== pending.state)
    return { ok: false, error: 'invalid_state' };
  if (!p.query.code) return { ok: false, error: 'no_code' };

  try {
    const tokens = await deps.x.exchangeCode(p.query.code, pending.codeVerifier);
    const { user: me } = await deps.x.getMe(tokens.accessToken);
    if (pending.purpose === 'grant_posting') {
      const grant = await completePostingGrant(deps, { pending, me, tokens });
      if (!grant.ok) return { ok: false, error: 'auth_failed', message: grant.message };
      return { ok: true, sessionId: null, returnTo: GRANT_DONE_PATH };
    }
    const { user } = await upsertUserFromX(deps, me);
    // Money sent to their X id before they ever signed in is theirs now, never to be returned.
    await ensureWalletForUser(deps, { xUserId: user.xUserId });
    await markClaimed(deps.db, { xUserId: user.xUserId, now: new Date() });
    // The sign-in token (tweet.read, users.read, no refresh token) has served: it is not kept,
    // and never replaces a posting grant (decision 0045).
    const sessionId = await createSession(deps, {
      xUserId: user.xUserId,
      previousId: p.previousSessionId,
    });
    return { ok: true, sessionId, returnTo: pending.returnTo };
  } catch (err) {
    deps.logger.warn(
      { err: { name: (err as Error).name, message: (err as Error).message } },
      'sign-in failed',
    );
    return { ok: false, error: 'auth_failed', message: describeFailure(err) };
  }
}
