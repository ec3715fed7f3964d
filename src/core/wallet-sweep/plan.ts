import { isNull } from 'drizzle-orm';
import { wallets } from '@/db/schema/index.ts';
import { TOKENS } from '@/shared/tokens.ts';
import type { TransferDeps } from '../transfers/index.ts';

export interface SweepLine {
  walletId: string;
  /** 'user 123', 'handle @ann', 'system treasury'. */
  owner: string;
  address: string;
  token: string;
  amount: bigint;
}

/**
 * The dry run: per wallet and token, what a sweep would move now (the network balance of its
 * current address; nothing for an empty one). Reads only. Retired and superseded rows are not
 * listed: the transfer worker empties them into their wallet.
 */
export async function sweepPlan(deps: Pick<TransferDeps, 'db' | 'constellation'>) {
  const rows = await deps.db
    .select({
      id: wallets.id,
      xUserId: wallets.xUserId,
      handle: wallets.handle,
      systemRole: wallets.systemRole,
      address: wallets.dagAddress,
    })
    .from(wallets)
    .where(isNull(wallets.supersededByWalletId))
    .orderBy(wallets.createdAt, wallets.id);
  const lines: SweepLine[] = [];
  for (const w of rows) {
    const owner = w.systemRole
      ? `system ${w.systemRole}`
      : w.xUserId
        ? `user ${w.xUserId}`
        : `handle @${w.handle}`;
    for (const token of TOKENS) {
      const { balance } = await deps.constellation.getBalance(token, w.address);
      if (balance > 0n) {
        lines.push({ walletId: w.id, owner, address: w.address, token, amount: balance });
      }
    }
  }
  return { wallets: rows.length, lines };
}
