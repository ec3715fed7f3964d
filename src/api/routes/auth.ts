import { Hono } from 'hono';
import { z } from 'zod';
import { completeSignIn, type SignInError } from '@/core/auth/complete-sign-in.ts';
import { getSubscription } from '@/core/auth/get-subscription.ts';
import { linkWallet } from '@/core/auth/link-wallet.ts';
import { createPendingLogin, PENDING_LOGIN_TTL_MS } from '@/core/auth/pending-login.ts';
import { safeReturnTo } from '@/core/auth/return-to.ts';
import { deleteSession } from '@/core/auth/sessions.ts';
import { toUserResponse } from '@/core/auth/user-view.ts';
import { getUserWalletBalances } from '@/core/auth/wallet-balances.ts';
import { getWalletByUser } from '@/core/wallets/index.ts';
import type {
  DagAddressResponse,
  LinkWalletResponse,
  SubscriptionResponse,
  WalletBalancesResponse,
} from '@/shared/auth/contract.ts';
import type { ApiDeps } from '../deps.ts';
import {
  clearLoginCookie,
  clearSessionCookie,
  readLoginCookie,
  readSessionCookie,
  writeLoginCookie,
  writeSessionCookie,
} from '../http/cookies.ts';
import { type AuthEnv, currentUser, loadSession, requireUser } from '../http/session.ts';
import { readJson } from '../http/validate.ts';

/**
 * What sign-in asks X for: who the user is (`users.read`, which X grants only beside
 * `tweet.read`). Posting and offline access are asked on /authorize-twitter alone, where the
 * user grants them knowingly (routes/twitter.ts, decision 0045).
 */
export const SIGN_IN_SCOPES = ['tweet.read', 'users.read'];

function failureUrl(error: SignInError, message?: string) {
  const q = new URLSearchParams({ error });
  if (message) q.set('message', message);
  return `/?${q}`;
}

/** Sign in with X (OAuth 2.0 + PKCE), the session, and the signed-in user's own data. */
export function authRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  app.use('*', loadSession(deps));

  app.get('/twitter/login', async (c) => {
    if (!deps.x.configured) {
      return c.redirect(
        failureUrl('auth_failed', 'Sign-in with X is not configured on this server.'),
      );
    }
    const returnTo = safeReturnTo(c.req.query('returnTo'));
    const pending = await createPendingLogin(deps, { returnTo });
    writeLoginCookie(c, deps, pending.id, PENDING_LOGIN_TTL_MS / 1000);
    const url = deps.x.createAuthorizationUrl(pending.state, pending.codeVerifier, SIGN_IN_SCOPES);
    c.header('Cache-Control', 'no-store');
    return c.redirect(url.toString());
  });

  app.get('/twitter/callback', async (c) => {
    const result = await completeSignIn(deps, {
      loginCookie: readLoginCookie(c),
      previousSessionId: readSessionCookie(c, deps),
      query: {
        state: c.req.query('state'),
        code: c.req.query('code'),
        error: c.req.query('error'),
      },
    });
    clearLoginCookie(c, deps);
    c.header('Cache-Control', 'no-store');
    if (!result.ok) return c.redirect(failureUrl(result.error, result.message));
    if (result.sessionId) writeSessionCookie(c, deps, result.sessionId);
    return c.redirect(result.returnTo);
  });

  app.post('/logout', async (c) => {
    const id = readSessionCookie(c, deps);
    if (id) await deleteSession(deps, id);
    clearSessionCookie(c, deps);
    return c.json({ success: true });
  });

  app.get('/me', requireUser, async (c) => {
    const user = currentUser(c);
    const wallet = await getWalletByUser(deps, { xUserId: user.xUserId });
    return c.json(toUserResponse(user, wallet?.dagAddress ?? null));
  });

  app.get('/dag-address', requireUser, async (c) => {
    const wallet = await getWalletByUser(deps, { xUserId: currentUser(c).xUserId });
    return c.json({ dagAddress: wallet?.dagAddress ?? null } satisfies DagAddressResponse);
  });

  app.get('/wallet-balances', requireUser, async (c) => {
    const balances = await getUserWalletBalances(deps, { xUserId: currentUser(c).xUserId });
    return c.json(balances satisfies WalletBalancesResponse);
  });

  app.post('/link-wallet', requireUser, async (c) => {
    const body = await readJson(c, z.object({ walletAddress: z.unknown() }));
    const linked = await linkWallet(deps, {
      xUserId: currentUser(c).xUserId,
      walletAddress: body.walletAddress,
    });
    return c.json({ success: true as const, ...linked } satisfies LinkWalletResponse);
  });

  app.get('/subscription', requireUser, async (c) => {
    const subscription = await getSubscription(deps, { xUserId: currentUser(c).xUserId });
    return c.json(subscription satisfies SubscriptionResponse);
  });

  return app;
}
