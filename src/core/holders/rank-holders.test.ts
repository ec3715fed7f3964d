import { describe, expect, it } from 'vitest';
import { knownBaseHolders } from '@/shared/holders/constants.ts';
import { rankHolders } from './rank-holders.ts';

const asOf = { network: 'base' as const, position: '7', time: '2026-11-23T20:00:00.000Z' };
const UP18 = 10n ** 18n;

describe('rankHolders', () => {
  const known = knownBaseHolders({
    bridgeAddresses: ['0x1111111111111111111111111111111111111111'],
    liquidityPoolAddress: '0x2222222222222222222222222222222222222222',
  });
  const balances: [string, bigint][] = [
    ['0x000000000000000000000000000000000000dead', 50n * UP18],
    ['0x1111111111111111111111111111111111111111', 400n * UP18],
    ['0xaaaa000000000000000000000000000000000001', 100n * UP18],
    ['0xaaaa000000000000000000000000000000000002', 100n * UP18],
    ['0xaaaa000000000000000000000000000000000003', 300n * UP18],
    ['0xaaaa000000000000000000000000000000000004', 0n],
  ];

  it('orders by balance (ties by address), counts every holder, flags and labels known ones', () => {
    const list = rankHolders({
      balances,
      decimals: 18,
      known,
      limit: 3,
      asOf,
      caseInsensitive: true,
    });
    expect(list.walletCount).toBe(5);
    expect(list.wallets.map((w) => w.balance)).toEqual([400, 300, 100]);
    expect(list.wallets[0]).toEqual({
      address: '0x1111111111111111111111111111111111111111',
      balance: 400,
      notInCirculation: true,
      label: 'Constellation Base bridge',
    });
    expect(list.wallets[2]?.address).toBe('0xaaaa000000000000000000000000000000000001');
    expect(list.totalBalance).toBe(950);
    // Bridge (400) and the dead address (50, matched case-insensitively) are not in circulation.
    expect(list.totalCirculation).toBe(500);
    expect(list.asOf).toEqual(asOf);
  });

  it('an empty chain ranks to zeros, not an error', () => {
    const list = rankHolders({ balances: [], decimals: 8, known: [], limit: 250, asOf });
    expect(list).toMatchObject({
      walletCount: 0,
      totalCirculation: 0,
      totalBalance: 0,
      wallets: [],
    });
  });
});
