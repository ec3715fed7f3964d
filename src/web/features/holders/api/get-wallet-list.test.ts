import { describe, expect, it } from 'vitest';
import { WALLET_POLL_MS } from '@/shared/holders/constants';
import { walletListQueryOptions } from './get-wallet-list';

/** What the refetch and retry rules read of a query: whether a list has arrived yet. */
type QueryState = { state: { data: unknown } };

/** Right after a start the list answers 503 until the first ranking: the page must not give up. */
describe('walletListQueryOptions', () => {
  it('asks again soon while no list has arrived, then every 30 s', () => {
    const interval = walletListQueryOptions('base').refetchInterval as unknown as (
      q: QueryState,
    ) => number;
    expect(interval({ state: { data: undefined } })).toBe(5_000);
    expect(interval({ state: { data: { walletCount: 1 } } })).toBe(WALLET_POLL_MS);
  });

  it('tries a failed load twice more before the page says it cannot load', () => {
    const retry = walletListQueryOptions('base').retry as (n: number, e: Error) => boolean;
    expect([0, 1, 2].map((n) => retry(n, new Error('503')))).toEqual([true, true, false]);
  });
});
