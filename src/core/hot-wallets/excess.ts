import type { Db } from '@/db/client.ts';
import type { ConstellationClient } from '@/integrations/constellation/index.ts';
import { getWalletBySystemRole, SYSTEM_WALLET_LABELS } from '../wallets/index.ts';

/** The system wallets that hold money the product pays out, and so get a hot-wallet ceiling. */
export const HOT_WALLET_ROLES = ['treasury', 'rewards'] as const;
export type HotWalletRole = (typeof HOT_WALLET_ROLES)[number];

/** UP base units a role may hold online; null: no ceiling (decision 0047). */
export type HotWalletCeilings = Record<HotWalletRole, bigint | null>;

export interface HotWalletExcess {
  role: HotWalletRole;
  label: string;
  address: string;
  balance: bigint;
  ceiling: bigint;
  /** UP above the ceiling: what to move to cold storage (0 when under it). */
  excess: bigint;
}

/**
 * Each ceilinged system wallet's UP balance on the network against its ceiling. A wallet not
 * provisioned yet, or a role without a ceiling, is left out.
 */
export async function hotWalletExcess(
  deps: { db: Db; constellation: Pick<ConstellationClient, 'getBalance'> },
  ceilings: HotWalletCeilings,
): Promise<HotWalletExcess[]> {
  const out: HotWalletExcess[] = [];
  for (const role of HOT_WALLET_ROLES) {
    const ceiling = ceilings[role];
    if (ceiling === null) continue;
    const wallet = await getWalletBySystemRole(deps, { role });
    if (!wallet) continue;
    const { balance } = await deps.constellation.getBalance('UP', wallet.dagAddress);
    const excess = balance > ceiling ? balance - ceiling : 0n;
    out.push({
      role,
      label: SYSTEM_WALLET_LABELS[role],
      address: wallet.dagAddress,
      balance,
      ceiling,
      excess,
    });
  }
  return out;
}
