import { eq, sql } from 'drizzle-orm';
import type { TokenCipher } from '../../core/crypto/token-cipher.ts';
import type { Db } from '../../db/client.ts';
import { agentAccounts } from '../../db/schema/index.ts';
import type { XTokens } from '../../integrations/x/oauth.ts';
import { deleteAgentState, tryLease } from '../state.ts';

/** What the agent needs from the X client to keep its own tokens fresh. */
export interface TokenRefresher {
  refresh(refreshToken: string): Promise<XTokens>;
}

export interface AgentAccountDeps {
  db: Db;
  cipher: TokenCipher;
  x: TokenRefresher;
  handle: string;
  now: () => Date;
}

/** Ciphertexts are bound to their row and column: a copy into another row fails to open. */
const aad = (handle: string, column: string) => `agent_accounts:${handle.toLowerCase()}:${column}`;

/** Stores the agent account's tokens (after the operator's connect, or the sandbox's set-up). */
export async function saveAgentTokens(
  deps: Pick<AgentAccountDeps, 'db' | 'cipher' | 'handle'>,
  account: { xUserId: string; tokens: XTokens },
) {
  const { tokens } = account;
  const values = {
    handle: deps.handle,
    xUserId: account.xUserId,
    accessTokenEnc: deps.cipher.seal(tokens.accessToken, aad(deps.handle, 'access')),
    refreshTokenEnc: tokens.refreshToken
      ? deps.cipher.seal(tokens.refreshToken, aad(deps.handle, 'refresh'))
      : null,
    expiresAt: tokens.expiresAt,
    scopes: tokens.scopes.join(' '),
  };
  await deps.db
    .insert(agentAccounts)
    .values(values)
    .onConflictDoUpdate({
      target: agentAccounts.handle,
      set: { ...values, updatedAt: sql`now()` },
    });
}

/** The agent's X user id as stored at connect, without touching its tokens; null: not connected. */
export async function readAgentXUserId(db: Db, handle: string): Promise<string | null> {
  const [row] = await db
    .select({ xUserId: agentAccounts.xUserId })
    .from(agentAccounts)
    .where(eq(agentAccounts.handle, handle));
  return row?.xUserId ?? null;
}

export class AgentNotConnectedError extends Error {
  constructor(handle: string) {
    super(`The agent account @${handle} is not connected: run \`npm run agent:connect\``);
    this.name = 'AgentNotConnectedError';
  }
}

/**
 * The agent's X user id and a valid access token, refreshed when it expires within a minute
 * (or when `force` after a 401). X rotates refresh tokens and revokes the whole family when an
 * old one is reused, so the refresh runs under a lease: two worker processes never spend
 * the same refresh token.
 */
export async function getAgentAccess(
  deps: AgentAccountDeps,
  opts: { force?: boolean } = {},
): Promise<{ xUserId: string; accessToken: string }> {
  const read = (row: typeof agentAccounts.$inferSelect) => ({
    xUserId: row.xUserId,
    accessToken: deps.cipher.open(row.accessTokenEnc, aad(deps.handle, 'access')),
  });
  const fresh = (row: typeof agentAccounts.$inferSelect) =>
    !row.expiresAt || row.expiresAt.getTime() - deps.now().getTime() > 60_000;

  const [current] = await deps.db
    .select()
    .from(agentAccounts)
    .where(eq(agentAccounts.handle, deps.handle));
  if (!current) throw new AgentNotConnectedError(deps.handle);
  if (!opts.force && fresh(current)) return read(current);

  // One refresher at a time across processes; the others wait for its result.
  const by = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  for (let waited = 0; waited < 20_000; waited += 250) {
    const [row] = await deps.db
      .select()
      .from(agentAccounts)
      .where(eq(agentAccounts.handle, deps.handle));
    if (!row) throw new AgentNotConnectedError(deps.handle);
    // Another process refreshed while we waited.
    if (row.updatedAt.getTime() > current.updatedAt.getTime() && fresh(row)) return read(row);
    if (await tryLease(deps.db, 'token_refresh_lease', { by, now: deps.now(), ms: 30_000 })) {
      try {
        if (!row.refreshTokenEnc) throw new AgentNotConnectedError(deps.handle);
        const refreshToken = deps.cipher.open(row.refreshTokenEnc, aad(deps.handle, 'refresh'));
        const tokens = await deps.x.refresh(refreshToken);
        await saveAgentTokens(deps, { xUserId: row.xUserId, tokens });
        return { xUserId: row.xUserId, accessToken: tokens.accessToken };
      } finally {
        await deleteAgentState(deps.db, 'token_refresh_lease');
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('Timed out waiting for another process to refresh the agent token');
}
