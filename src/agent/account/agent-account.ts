import { eq, sql } from 'drizzle-orm';
import type { TokenCipher } from '@/core/crypto/token-cipher.ts';
import type { Db } from '@/db/client.ts';
import { agentAccounts } from '@/db/schema/index.ts';
import type { XTokens } from '@/integrations/x/index.ts';
import { releaseLease, tryLease } from '../state.ts';

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

type AccountRow = typeof agentAccounts.$inferSelect;

/** How long a refresher may hold the lease: well past the X client's 15 s timeout. */
const REFRESH_LEASE_MS = 30_000;

/**
 * The agent's X user id and a valid access token, refreshed when it expires within a minute
 * (or when `force` after a 401). X rotates refresh tokens and revokes the whole family when a
 * rotated one is spent again, so a refresh runs under a lease (expiring on the database's
 * clock) and spends only the refresh token read after the lease was won: one read before it
 * may predate another process's refresh, and its token would then be a rotated one.
 */
export async function getAgentAccess(
  deps: AgentAccountDeps,
  opts: { force?: boolean } = {},
): Promise<{ xUserId: string; accessToken: string }> {
  const read = (row: AccountRow) => ({
    xUserId: row.xUserId,
    accessToken: deps.cipher.open(row.accessTokenEnc, aad(deps.handle, 'access')),
  });
  const fresh = (row: AccountRow) =>
    !row.expiresAt || row.expiresAt.getTime() - deps.now().getTime() > 60_000;
  const current = await readAccount(deps);
  if (!opts.force && fresh(current)) return read(current);
  // Someone refreshed after this call began: their token is the one to use.
  const refreshedSince = (row: AccountRow) =>
    (row.refreshTokenEnc !== current.refreshTokenEnc ||
      row.updatedAt.getTime() > current.updatedAt.getTime()) &&
    fresh(row);

  const by = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  for (let waited = 0; waited < 20_000; waited += 250) {
    const row = await readAccount(deps);
    if (refreshedSince(row)) return read(row);
    if (await tryLease(deps.db, 'token_refresh_lease', { by, ms: REFRESH_LEASE_MS })) {
      try {
        const held = await readAccount(deps);
        if (refreshedSince(held)) return read(held);
        if (!held.refreshTokenEnc) throw new AgentNotConnectedError(deps.handle);
        const refreshToken = deps.cipher.open(held.refreshTokenEnc, aad(deps.handle, 'refresh'));
        const tokens = await deps.x.refresh(refreshToken);
        await saveAgentTokens(deps, { xUserId: held.xUserId, tokens });
        return { xUserId: held.xUserId, accessToken: tokens.accessToken };
      } finally {
        await releaseLease(deps.db, 'token_refresh_lease', by);
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('Timed out waiting for another process to refresh the agent token');
}

async function readAccount(deps: Pick<AgentAccountDeps, 'db' | 'handle'>): Promise<AccountRow> {
  const [row] = await deps.db
    .select()
    .from(agentAccounts)
    .where(eq(agentAccounts.handle, deps.handle));
  if (!row) throw new AgentNotConnectedError(deps.handle);
  return row;
}
