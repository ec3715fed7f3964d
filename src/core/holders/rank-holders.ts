import type { KnownHolder } from '@/shared/holders/constants.ts';
import type { WalletList, WalletListEntry } from '@/shared/holders/wallet-list.ts';
import { unitsToNumber } from '@/shared/units.ts';

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
    const entry: WalletListEntry = { address, balance: unitsToNumber(units, input.decimals) };
    if (k?.notInCirculation) entry.notInCirculation = true;
    if (k) entry.label = k.label;
    return entry;
  });
  return {
    walletCount: holders.length,
    totalCirculation: unitsToNumber(total - outside, input.decimals),
    totalBalance: unitsToNumber(total, input.decimals),
    wallets,
    asOf: input.asOf,
  };
}
