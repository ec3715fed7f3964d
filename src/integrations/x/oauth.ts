import { z } from 'zod';
import { type FetchFn, parseOAuthResponse, send } from './http.ts';
import { s256CodeChallenge } from './pkce.ts';
import { tokenResponseSchema } from './schemas.ts';

export interface XOAuthConfig {
  clientId: string;
  /** Confidential client: sent as HTTP Basic auth; without it the client is public. */
  clientSecret?: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  redirectUri: string;
}

/** What the product keeps from a token response. */
export interface XTokens {
  accessToken: string;
  refreshToken: string | null;
  /** null when X did not say (it normally says 7200 s). */
  expiresAt: Date | null;
  scopes: string[];
}

/** OAuth 2.0 authorization code + PKCE against X (integrations.md §1.1). */
export function createXOAuth(
  cfg: XOAuthConfig,
  http: { fetch: FetchFn; timeoutMs: number; now: () => Date },
) {
  const formPost = async (url: string, params: Record<string, string>) => {
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    const body = new URLSearchParams(params);
    if (cfg.clientSecret) {
      const basic = Buffer.from(`${cfg.clientId}:${cfg.clientSecret}`).toString('base64');
      headers.authorization = `Basic ${basic}`;
    } else {
      body.set('client_id', cfg.clientId);
    }
    return send(
      http.fetch,
      url,
      { method: 'POST', headers, body: body.toString() },
      http.timeoutMs,
    );
  };

  const toTokens = (t: z.infer<typeof tokenResponseSchema>): XTokens => ({
    accessToken: t.access_token,
    refreshToken: t.refresh_token ?? null,
    expiresAt: t.expires_in ? new Date(http.now().getTime() + t.expires_in * 1000) : null,
    scopes: t.scope.split(/\s+/).filter(Boolean),
  });

  return {
    createAuthorizationUrl(state: string, codeVerifier: string, scopes: string[]): URL {
      const url = new URL(cfg.authorizeUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', cfg.clientId);
      url.searchParams.set('redirect_uri', cfg.redirectUri);
      url.searchParams.set('scope', scopes.join(' '));
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', s256CodeChallenge(codeVerifier));
      url.searchParams.set('code_challenge_method', 'S256');
      return url;
    },

    async exchangeCode(code: string, codeVerifier: string): Promise<XTokens> {
      const res = await formPost(cfg.tokenUrl, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: cfg.redirectUri,
        code_verifier: codeVerifier,
      });
      return toTokens(await parseOAuthResponse(res, tokenResponseSchema));
    },

    /** X rotates refresh tokens: the returned refreshToken replaces the old one, which is now dead. */
    async refresh(refreshToken: string): Promise<XTokens> {
      const res = await formPost(cfg.tokenUrl, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      });
      return toTokens(await parseOAuthResponse(res, tokenResponseSchema));
    },

    async revoke(token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
      const res = await formPost(cfg.revokeUrl, { token, token_type_hint: hint });
      await parseOAuthResponse(res, z.unknown());
    },
  };
}
