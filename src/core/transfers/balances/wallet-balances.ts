import type { Db } from '@/db/client.ts';
import { ConstellationConfigError } from '@/integrations/constellation/index.ts';
import { TOKENS, type Token } from '@/shared/tokens.ts';
import { type BalanceNetwork, getSpendableBalance } from './spendable.ts';

export type WalletBalances = Record<Token, bigint>;

/**
 * $DAG, $UP and $DOR of an address in base units, each the spendable view (network balance
 * minus our outgoing transactions its snapshot does not count yet). Read fresh every time: an
 * answer right after a send must already show it. A token whose metagraph is not configured
 * shows 0.
 */
export async function getWalletBalances(
  deps: { db: Db; constellation: BalanceNetwork },
  params: { address: string },
): Promise<WalletBalances> {
  const entries = await Promise.all(
    TOKENS.map(async (token) => {
      try {
        return [
          token,
          await getSpendableBalance(deps, { address: params.address, token }),
        ] as const;
      } catch (err) {
        if (err instanceof ConstellationConfigError) return [token, 0n] as const;
        throw err;
      }
    }),
  );
  return Object.fromEntries(entries) as WalletBalances;
}
