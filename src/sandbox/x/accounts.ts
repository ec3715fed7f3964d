import type { SandboxContext } from '../sandbox-service.ts';
import { ensureSandboxClient } from './store/clients.ts';
import { type IssuedTokens, issueTokens } from './store/tokens.ts';
import { ensureUser } from './store/users.ts';

/** What `POST /_admin/users` and the helpers grant by default: everything the product asks X for. */
export const DEFAULT_USER_SCOPES = [
  'tweet.read',
  'tweet.write',
  'users.read',
  'offline.access',
  'media.write',
  // Who liked a post (GET /2/tweets/:id/liking_users): the post rewards' few-accounts rule.
  'like.read',
];

/**
 * The OAuth client the product uses against the local X. Read by the composition root so no
 * secret is written into product code; created on first call, stable afterwards.
 */
export async function sandboxXClientCredentials(
  ctx: Pick<SandboxContext, 'database' | 'publicUrl'>,
) {
  const client = await ensureSandboxClient(ctx.database.db, ctx.publicUrl, new Date());
  return { clientId: client.clientId, clientSecret: client.clientSecret };
}

/** The local-X account with this handle (created if new). */
export async function ensureSandboxAccount(
  ctx: Pick<SandboxContext, 'now' | 'database'>,
  username: string,
): Promise<{ id: string; username: string }> {
  const user = await ensureUser(ctx.database.db, username, ctx.now());
  return { id: user.id, username: user.username };
}

/**
 * Tokens for an account as if it had gone through the consent screen with the sandbox client:
 * lets the default run connect the agent's account without a browser.
 */
export async function issueSandboxUserToken(
  ctx: Pick<SandboxContext, 'now' | 'database' | 'publicUrl'>,
  p: { username: string; scopes?: string[] },
): Promise<IssuedTokens & { user: { id: string; username: string } }> {
  const now = ctx.now();
  const client = await ensureSandboxClient(ctx.database.db, ctx.publicUrl, now);
  const user = await ensureUser(ctx.database.db, p.username, now);
  const tokens = await issueTokens(ctx.database.db, {
    clientId: client.clientId,
    userId: user.id,
    scopes: p.scopes ?? DEFAULT_USER_SCOPES,
    now,
  });
  return { ...tokens, user: { id: user.id, username: user.username } };
}
