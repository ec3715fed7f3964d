import type { AppDeps } from '../../main/deps.ts';
import { type Token, UNITS_PER_TOKEN } from '../../shared/tokens.ts';
import { getWalletByUser } from '../wallets/index.ts';

/** What this needs of the Constellation client. */
export interface BalanceReader {
  getBalance(token: Token, address: string): Promise<{ balance: bigint }>;
}

type Deps = Pick<AppDeps, 'db' | 'logger'> & { constellation?: BalanceReader };

/** Exact decimal string of a base-unit amount (8 decimals), trailing zeros trimmed: 123456789n → "1.23456789". */
export function baseUnitsToDecimal(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / UNITS_PER_TOKEN;
  const fraction = (abs % UNITS_PER_TOKEN).toString().padStart(8, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

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
      return baseUnitsToDecimal((await deps.constellation.getBalance(token, address)).balance);
    } catch (err) {
      deps.logger.warn({ token, err: (err as Error).message }, 'balance read failed');
      return null;
    }
  };
  const [dag, up, dor] = await Promise.all([read('DAG'), read('UP'), read('DOR')]);
  return { addresses: { constellation: address }, balances: { constellation: { dag, up, dor } } };
}
