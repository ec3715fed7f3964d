import type { Context } from 'hono';
import { Hono } from 'hono';
import type { XEnv } from '../context.ts';
import { familyOf, redeemCode } from '../store/authorizations.ts';
import { authenticateClient } from '../store/clients.ts';
import { issueTokens, revokeFamily, revokeToken, rotateRefreshToken } from '../store/tokens.ts';
import { verifyPkce } from './pkce.ts';
import { readTokenParams } from './token-params.ts';

const BAD_CODE = 'Value passed for the authorization code was invalid.';

/** RFC 6749 error body; token responses are never cached. */
function oauthError(c: Context, status: 400 | 401, error: string, description: string) {
  c.header('cache-control', 'no-store');
  return c.json({ error, error_description: description }, status);
}

const missing = (c: Context, name: string) =>
  oauthError(c, 400, 'invalid_request', `Missing required parameter [${name}].`);

/**
 * POST /2/oauth2/token and /2/oauth2/revoke (confidential client: HTTP Basic required; a form
 * or JSON body, token-params.ts).
 */
export function tokenRoutes(env: XEnv) {
  const app = new Hono();

  app.post('/token', async (c) => {
    const client = await authenticateClient(env.db, c.req.header('authorization'));
    if (!client)
      return oauthError(c, 401, 'unauthorized_client', 'Missing valid authorization header');
    const field = await readTokenParams(c);
    const now = env.now();
    c.header('cache-control', 'no-store');
    c.header('pragma', 'no-cache');

    if (field('grant_type') === 'authorization_code') {
      for (const name of ['code', 'redirect_uri', 'code_verifier'])
        if (!field(name)) return missing(c, name);
      const redeemed = await redeemCode(env.db, field('code'), now);
      if (!redeemed) return oauthError(c, 400, 'invalid_request', BAD_CODE);
      const a = redeemed.authorization;
      // A code used twice was probably intercepted: what the first use issued is revoked too.
      if (!redeemed.firstUse) {
        await revokeFamily(env.db, familyOf(a), now);
        return oauthError(c, 400, 'invalid_request', BAD_CODE);
      }
      const valid =
        a.clientId === client.clientId &&
        a.userId !== null &&
        a.codeExpiresAt !== null &&
        a.codeExpiresAt > now &&
        a.redirectUri === field('redirect_uri') &&
        verifyPkce(a.codeChallengeMethod, a.codeChallenge, field('code_verifier'));
      if (!valid) return oauthError(c, 400, 'invalid_request', BAD_CODE);
      const tokens = await issueTokens(env.db, {
        clientId: client.clientId,
        userId: a.userId!,
        scopes: a.scopes.split(' '),
        familyId: familyOf(a),
        now,
      });
      return c.json(tokens);
    }

    if (field('grant_type') === 'refresh_token') {
      if (!field('refresh_token')) return missing(c, 'refresh_token');
      const tokens = await rotateRefreshToken(env.db, {
        refreshToken: field('refresh_token'),
        clientId: client.clientId,
        now,
      });
      if (!tokens)
        return oauthError(c, 400, 'invalid_request', 'Value passed for the token was invalid.');
      return c.json(tokens);
    }

    if (!field('grant_type')) return missing(c, 'grant_type');
    return oauthError(
      c,
      400,
      'unsupported_grant_type',
      'Value passed for the grant type was invalid.',
    );
  });

  app.post('/revoke', async (c) => {
    const client = await authenticateClient(env.db, c.req.header('authorization'));
    if (!client)
      return oauthError(c, 401, 'unauthorized_client', 'Missing valid authorization header');
    const token = (await readTokenParams(c))('token');
    if (!token) return missing(c, 'token');
    // RFC 7009: unknown tokens are "revoked" too, so the answer does not reveal which exist.
    await revokeToken(env.db, { token, clientId: client.clientId, now: env.now() });
    return c.json({ revoked: true });
  });

  return app;
}
