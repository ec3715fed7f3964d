import { rememberXAccount } from '@/core/auth/remember-x-account.ts';
import { ensureWalletForUser } from '@/core/wallets/index.ts';
import type { AgentDeps } from '../deps.ts';

/** An X account as the agent knows it. */
export interface XAccount {
  xUserId: string;
  username: string;
}

/** A send's recipient as X knows them at send time, or why there is nobody to pay. */
export type RecipientLookup =
  | { account: XAccount }
  | { refused: 'unknown_handle' | 'suspended_handle' };

/** The agent's X token: X answers the lookups (context.ts binds it). */
export type AgentAccess = { access: () => Promise<{ accessToken: string }> };
type Ctx = Pick<AgentDeps, 'x'> & AgentAccess;

/** A handle's account: the X user id X returns for it now (decision 0048). */
export async function recipientFor(ctx: Ctx, handle: string): Promise<RecipientLookup> {
  const { accessToken } = await ctx.access();
  const { user, suspended } = await ctx.x.getUserByUsername(accessToken, handle);
  if (user) return { account: { xUserId: user.id, username: user.username } };
  return { refused: suspended ? 'suspended_handle' : 'unknown_handle' };
}

/** An X account by handle (X's /2/users/by/username); null: unknown or suspended. */
export async function resolveHandle(ctx: Ctx, handle: string): Promise<XAccount | null> {
  const found = await recipientFor(ctx, handle);
  return 'account' in found ? found.account : null;
}

/** The wallet of an X account, created (with its user row) the first time. */
export async function walletFor(ctx: AgentDeps, account: XAccount) {
  await rememberXAccount(ctx.db, account);
  const wallet = await ensureWalletForUser(ctx, { xUserId: account.xUserId });
  return { address: wallet.dagAddress };
}
