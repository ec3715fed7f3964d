import type { AppDeps } from '../../main/deps.ts';
import type { Token } from '../../shared/tokens.ts';
import { unitsToDecimal } from '../../shared/units.ts';
import { getWalletByUser } from '../wallets/index.ts';

/** What this needs of the Constellation client. */
export interface BalanceReader {
  getBalance(token: Token, address: string): Promise<{ balance: bigint }>;
}

type Deps = Pick<AppDeps, 'db' | 'logger'> & { constellation?: BalanceReader };

/**
 * The user's custodial wallet balances, read from the network (L0 balance endpoints).
 * Amounts are exact decimal strings in token units (no float rounding); a token whose network
 * cannot be read is null, which the dashboard shows as 0.00.
 */
export async function getUserWalletBalances(deps: Deps, p: { xUserId: string }) {
  const wallet = await getWalletByUser(deps, p);
  const address = wallet?.dagAddress ?? null;
  const read = async (token: Token) => {
    if (!address || !deps.constellation) return null;
    try {
      return unitsToDecimal((await deps.constellation.getBalance(token, address)).balance);
    } catch (err) {
      deps.logger.warn({ token, err: (err as Error).message }, 'balance read failed');
      return null;
    }
  };
  const [dag, up, dor] = await Promise.all([read('DAG'), read('UP'), read('DOR')]);
  return { addresses: { constellation: address }, balances: { constellation: { dag, up, dor } } };
}
