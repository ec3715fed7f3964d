import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { WALLET_POLL_MS } from '@/shared/holders/constants';
import { walletListQuery } from './get-wallet-list';

/** Right after a start the list answers 503 until the first ranking: the page must not give up. */
describe('walletListQuery', () => {
  it('asks again soon while no list has arrived, then every 30 s', () => {
    const options = walletListQuery('base');
    const client = new QueryClient();
    const query = client.getQueryCache().build(client, options);
    const interval = options.refetchInterval as (q: typeof query) => number;
    expect(interval(query)).toBe(5_000);
    query.setData({ walletCount: 1 } as never);
    expect(interval(query)).toBe(WALLET_POLL_MS);
  });

  it('tries a failed load twice more before the page says it cannot load', () => {
    const retry = walletListQuery('base').retry as (n: number, e: Error) => boolean;
    expect([0, 1, 2].map((n) => retry(n, new Error('503')))).toEqual([true, true, false]);
  });
});
