import type { Token } from '@/shared/tokens.ts';
import { unitsToDecimal } from '@/shared/units.ts';
import type { CoreDeps } from '../deps.ts';
import { type BalanceNetwork, getSpendableBalance } from '../transfers/index.ts';
import { getWalletByUser } from '../wallets/index.ts';

type Deps = Pick<CoreDeps, 'db' | 'logger'> & { constellation?: BalanceNetwork };

/**
 * The user's custodial wallet balances: the spendable view the agent answers with too (network
 * balance minus outgoing transactions its snapshot does not count yet).
 * Amounts are exact decimal strings in token units (no float rounding); a token whose network
 * cannot be read is null, which the dashboard shows as 0.00.
 */
export async function getUserWalletBalances(deps: Deps, p: { xUserId: string }) {
  const wallet = await getWalletByUser(deps, p);
  const address = wallet?.dagAddress ?? null;
  const read = async (token: Token) => {
    if (!address || !deps.constellation) return null;
    try {
      const constellation = deps.constellation;
      return unitsToDecimal(
        await getSpendableBalance({ db: deps.db, constellation }, { address, token }),
      );
    } catch (err) {
      deps.logger.warn({ token, err: (err as Error).message }, 'balance read failed');
      return null;
    }
  };
  const [dag, up, dor] = await Promise.all([read('DAG'), read('UP'), read('DOR')]);
  return { addresses: { constellation: address }, balances: { constellation: { dag, up, dor } } };
}
