import type { KnownHolder } from '../../shared/holders/constants.ts';
import type { WalletList, WalletListEntry } from '../../shared/holders/wallet-list.ts';

/**
 * Raw units → whole UP as a number. Floors to 1e-8 UP first (spec §9: "divisor 1e8 after
 * flooring"), so an 18-decimal Base balance and an 8-decimal DAG balance read alike.
 */
export function unitsToUp(units: bigint, decimals: number): number {
  const perCent8 = decimals >= 8 ? 10n ** BigInt(decimals - 8) : 1n;
  const scaled = decimals >= 8 ? units / perCent8 : units * 10n ** BigInt(8 - decimals);
  const whole = scaled / 100_000_000n;
  const fraction = scaled % 100_000_000n;
  // Through the decimal text: the nearest double to the exact value (a sum of two doubles is not).
  return Number(`${whole}.${fraction.toString().padStart(8, '0')}`);
}

export interface RankInput {
  /** Every holder's balance in raw units; zero or negative entries are not holders. */
  balances: Iterable<[string, bigint]>;
  decimals: number;
  known: KnownHolder[];
  limit: number;
  asOf: NonNullable<WalletList['asOf']>;
  /** EVM addresses compare case-insensitively; DAG addresses do not. */
  caseInsensitive?: boolean;
}

/**
 * The wallet list: holders by balance (ties by address, so the order is stable), the top `limit`
 * rows, every holder counted, circulation = all balances minus those flagged notInCirculation.
 */
export function rankHolders(input: RankInput): WalletList {
  const key = (a: string) => (input.caseInsensitive ? a.toLowerCase() : a);
  const known = new Map(input.known.map((k) => [key(k.address), k]));
  const holders: [string, bigint][] = [];
  let total = 0n;
  let outside = 0n;
  for (const [address, units] of input.balances) {
    if (units <= 0n) continue;
    holders.push([address, units]);
    total += units;
    if (known.get(key(address))?.notInCirculation) outside += units;
  }
  holders.sort((a, b) => (a[1] === b[1] ? (a[0] < b[0] ? -1 : 1) : a[1] > b[1] ? -1 : 1));
  const wallets = holders.slice(0, input.limit).map(([address, units]): WalletListEntry => {
    const k = known.get(key(address));
    const entry: WalletListEntry = { address, balance: unitsToUp(units, input.decimals) };
    if (k?.notInCirculation) entry.notInCirculation = true;
    if (k) entry.label = k.label;
    return entry;
  });
  return {
    walletCount: holders.length,
    totalCirculation: unitsToUp(total - outside, input.decimals),
    totalBalance: unitsToUp(total, input.decimals),
    wallets,
    asOf: input.asOf,
  };
}
