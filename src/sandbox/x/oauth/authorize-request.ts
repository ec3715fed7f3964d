import type { XEnv } from '../context.ts';
import type { AuthorizationRequest } from '../store/authorizations.ts';
import { findClient } from '../store/clients.ts';
import { KNOWN_SCOPES } from './scopes.ts';

/** The authorize URL's parameters, checked the way X checks them before showing consent. */
type Checked =
  | { ok: true; request: AuthorizationRequest; appName: string }
  | { ok: false; detail: string };

export async function checkRequest(env: XEnv, q: Record<string, string>): Promise<Checked> {
  const client = q.client_id ? await findClient(env.db, q.client_id) : undefined;
  if (!client) return { ok: false, detail: 'unknown client_id.' };
  if (!q.redirect_uri || !client.redirectUris.includes(q.redirect_uri)) {
    return {
      ok: false,
      detail: 'redirect_uri does not match a callback URL registered for this app.',
    };
  }
  if (q.response_type !== 'code') return { ok: false, detail: 'response_type must be "code".' };
  const scopes = (q.scope ?? '').split(/[ +]/).filter(Boolean);
  const unknown = scopes.filter((s) => !KNOWN_SCOPES.includes(s));
  if (scopes.length === 0 || unknown.length) {
    return {
      ok: false,
      detail: `invalid scope${unknown.length ? `: ${unknown.join(', ')}` : ' (none requested)'}.`,
    };
  }
  if (!q.state || q.state.length > 500)
    return { ok: false, detail: 'state is required (at most 500 characters).' };
  const method = q.code_challenge_method?.toLowerCase();
  if (!q.code_challenge || (method !== 's256' && method !== 'plain')) {
    return {
      ok: false,
      detail: 'code_challenge and code_challenge_method (S256 or plain) are required.',
    };
  }
  return {
    ok: true,
    appName: client.name,
    request: {
      clientId: client.clientId,
      redirectUri: q.redirect_uri,
      scopes: [...new Set(scopes)],
      state: q.state,
      codeChallenge: q.code_challenge,
      codeChallengeMethod: method === 's256' ? 'S256' : 'plain',
    },
  };
}

/** `{redirect_uri}?state=…&…`: where the browser goes back to the app. */
export function backToApp(redirectUri: string, params: Record<string, string>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}
