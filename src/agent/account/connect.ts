import { timingSafeEqual } from 'node:crypto';
import type { TokenCipher } from '@/core/crypto/token-cipher.ts';
import type { Db } from '@/db/client.ts';
import { createCodeVerifier, createOAuthState, type XClient } from '@/integrations/x/index.ts';
import { deleteAgentState, getAgentState, setAgentState } from '../state.ts';
import { saveAgentTokens } from './agent-account.ts';

/** media.write: the agent uploads promotion videos (decision 0021). */
export const AGENT_SCOPES = [
  'tweet.read',
  'tweet.write',
  'users.read',
  'offline.access',
  'media.write',
  // Who liked a post (GET /2/tweets/:id/liking_users): the post rewards' few-accounts rule.
  'like.read',
];
/** X's authorization code lives 30 s, but the operator may take a while on the consent page. */
const PENDING_TTL_MS = 15 * 60_000;

export interface ConnectDeps {
  db: Db;
  /** An X client whose redirect URI is /api/agent/oauth/callback. */
  x: Pick<XClient, 'createAuthorizationUrl' | 'exchangeCode' | 'getMe'>;
  cipher: TokenCipher;
  handle: string;
  now: () => Date;
}

export class AgentConnectError extends Error {}

/** Step 1 (`npm run agent:connect`): the link the operator opens while signed in as the agent. */
export async function startAgentConnect(deps: Pick<ConnectDeps, 'db' | 'x' | 'now'>) {
  const state = createOAuthState();
  const codeVerifier = createCodeVerifier();
  await setAgentState(deps.db, 'oauth_pending', {
    state,
    codeVerifier,
    at: deps.now().toISOString(),
  });
  return deps.x.createAuthorizationUrl(state, codeVerifier, AGENT_SCOPES).toString();
}

/** Step 2 (the callback): checks state, exchanges the code, checks it is the agent's account. */
export async function completeAgentConnect(deps: ConnectDeps, p: { code: string; state: string }) {
  const pending = await getAgentState(deps.db, 'oauth_pending');
  const fresh = pending && deps.now().getTime() - new Date(pending.at).getTime() < PENDING_TTL_MS;
  const a = Buffer.from(pending?.state ?? '');
  const b = Buffer.from(p.state);
  if (!pending || !fresh || a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new AgentConnectError(
      'This connect link is unknown or expired: run `npm run agent:connect` again.',
    );
  }
  await deleteAgentState(deps.db, 'oauth_pending');
  const tokens = await deps.x.exchangeCode(p.code, pending.codeVerifier);
  const { user } = await deps.x.getMe(tokens.accessToken);
  if (user.username.toLowerCase() !== deps.handle.toLowerCase()) {
    throw new AgentConnectError(
      `Signed in as @${user.username}, but the agent is @${deps.handle}. Sign in to X as @${deps.handle} and run \`npm run agent:connect\` again.`,
    );
  }
  if (!tokens.refreshToken)
    throw new AgentConnectError('X granted no refresh token (offline.access).');
  await saveAgentTokens(deps, { xUserId: user.id, tokens });
  return { handle: user.username, xUserId: user.id };
}
