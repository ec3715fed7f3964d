import { describe, expect, it } from 'vitest';
import {
  circulationOf,
  formatUp,
  rankMedal,
  shareOfCirculation,
  shortenAddress,
  topCirculatingWallet,
  walletListCsv,
} from './display.ts';

describe('wallet list display rules', () => {
  it('shortens to the first 8 and last 8 characters', () => {
    expect(shortenAddress('DAG0UUaqJafbfPW8teuMtjiUgnuDfoipJFyQx1fN')).toBe('DAG0UUaq...JFyQx1fN');
    expect(shortenAddress('0x000000000000000000000000000000000000dEaD')).toBe(
      '0x000000...0000dEaD',
    );
    expect(shortenAddress('short')).toBe('short');
  });

  it('formats en-US with exactly two decimals', () => {
    expect(formatUp(993181006)).toBe('993,181,006.00');
    expect(formatUp(128398514.84)).toBe('128,398,514.84');
    expect(formatUp(0.005)).toBe('0.01');
    expect(formatUp(Number.NaN)).toBe('0.00');
  });

  it('shows a two-decimal share, or Not in circulation for flagged wallets', () => {
    expect(shareOfCirculation({ address: 'a', balance: 1234.5 }, 10_000)).toBe('12.35%');
    expect(shareOfCirculation({ address: 'a', balance: 5, notInCirculation: true }, 10)).toBe(
      'Not in circulation',
    );
    expect(shareOfCirculation({ address: 'a', balance: 5 }, 0)).toBe('0.00%');
  });

  it('uses totalCirculation, falling back to totalBalance', () => {
    expect(circulationOf({ totalCirculation: 5, totalBalance: 9 })).toBe(5);
    expect(circulationOf({ totalBalance: 9 })).toBe(9);
  });

  it('Top Balance is the first wallet not flagged', () => {
    const wallets = [
      { address: 'burn', balance: 9, notInCirculation: true },
      { address: 'alice', balance: 5 },
    ];
    expect(topCirculatingWallet(wallets)?.address).toBe('alice');
    expect(topCirculatingWallet([])).toBeUndefined();
  });

  it('colours ranks 1-3 gold, silver, bronze', () => {
    expect([1, 2, 3, 4].map(rankMedal)).toEqual(['gold', 'silver', 'bronze', null]);
  });

  it('writes the shown list as CSV', () => {
    const csv = walletListCsv({
      walletCount: 2,
      totalCirculation: 10,
      wallets: [
        { address: 'DAGa', balance: 90, notInCirculation: true, label: 'burned "tokens"' },
        { address: 'DAGb', balance: 2.5 },
      ],
    });
    expect(csv).toBe(
      'rank,address,label,balance_up,share_of_circulation\n' +
        '1,"DAGa","burned ""tokens""",90,"Not in circulation"\n' +
        '2,"DAGb","",2.5,"25.00%"\n',
    );
  });
});
