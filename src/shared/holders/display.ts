import type { WalletList, WalletListEntry } from './wallet-list.ts';

/** 8 and 8 characters in the leaderboard. Short addresses stay whole. */
export function shortenAddress(address: string, head = 8, tail = 8): string {
  if (address.length <= head + tail + 3) return address;
  return `${address.slice(0, head)}...${address.slice(-tail)}`;
}

const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** en-US with exactly two decimals: 1234.5 → "1,234.50". */
export function formatUp(value: number): string {
  return twoDecimals.format(Number.isFinite(value) ? value : 0);
}

/** The circulation a list reports: totalCirculation, with totalBalance as the fallback. */
export function circulationOf(list: Pick<WalletList, 'totalCirculation' | 'totalBalance'>) {
  return list.totalCirculation ?? list.totalBalance ?? 0;
}

/** A row's share of circulation, "12.34%", or 'Not in circulation' for flagged wallets. */
export function shareOfCirculation(entry: WalletListEntry, circulation: number): string {
  if (entry.notInCirculation) return 'Not in circulation';
  if (!(circulation > 0)) return '0.00%';
  return `${((entry.balance / circulation) * 100).toFixed(2)}%`;
}

/** "Top Balance": the first wallet not flagged notInCirculation. */
export function topCirculatingWallet(wallets: WalletListEntry[]): WalletListEntry | undefined {
  return wallets.find((w) => !w.notInCirculation);
}

/** Gold, silver, bronze for ranks 1–3 (1-based); nothing after. */
export function rankMedal(rank: number): 'gold' | 'silver' | 'bronze' | null {
  return rank === 1 ? 'gold' : rank === 2 ? 'silver' : rank === 3 ? 'bronze' : null;
}

// Ours, not csv-stringify: the home page's network overview builds this CSV in the browser, and
// csv-stringify's sync build would add 9.9 KB gzip to it (esbuild, minified) for one join.
/** CSV of the shown list: rank, address, label, balance, share. Quotes every text cell. */
export function walletListCsv(list: WalletList): string {
  const circulation = circulationOf(list);
  const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
  const rows = list.wallets.map((w, i) =>
    [
      String(i + 1),
      quote(w.address),
      quote(w.label ?? ''),
      w.balance.toFixed(8).replace(/\.?0+$/, ''),
      quote(shareOfCirculation(w, circulation)),
    ].join(','),
  );
  return `${['rank,address,label,balance_up,share_of_circulation', ...rows].join('\n')}\n`;
}
