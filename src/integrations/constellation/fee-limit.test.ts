import { describe, expect, it } from 'vitest';
import { networkFeeNeeded, passesFeeLessLimit, TRANSACTION_LIMIT } from './fee-limit.ts';

const UP = 100_000_000n;
const MIN = TRANSACTION_LIMIT.minFeeWithoutLimit;
const tx = (tokens: bigint, fee = 0n) => ({ amount: tokens * UP, fee });

// integrations.md §3.3: cap = (1674 / (balance / 1e8)) / max(ordinals since last accepted, 1).
describe('the fee-less rate limit', () => {
  it('lets 1 token send one fee-less transaction per 1674 ordinals', () => {
    const one = { balance: UP, ordinalsSince: 1674n };
    expect(passesFeeLessLimit(one, [{ amount: UP / 2n, fee: 0n }])).toBe(true);
    expect(passesFeeLessLimit({ ...one, ordinalsSince: 1673n }, [tx(0n)])).toBe(false);
  });

  it('lets 1674 tokens send one per ordinal, and counts ordinals from at least 1', () => {
    expect(passesFeeLessLimit({ balance: 1674n * UP, ordinalsSince: 0n }, [tx(1n)])).toBe(true);
    expect(passesFeeLessLimit({ balance: 1674n * UP - 1n, ordinalsSince: 1n }, [tx(1n)])).toBe(
      false,
    );
  });

  it('adds up the caps of a chain: 3 tokens pass one after 558 ordinals, not two', () => {
    const three = { balance: 3n * UP, ordinalsSince: 558n };
    expect(passesFeeLessLimit(three, [tx(1n)])).toBe(true);
    expect(passesFeeLessLimit(three, [tx(1n), tx(1n)])).toBe(false);
    expect(passesFeeLessLimit({ ...three, ordinalsSince: 1116n }, [tx(1n), tx(1n)])).toBe(true);
    expect(passesFeeLessLimit({ ...three, ordinalsSince: 557n }, [tx(1n)])).toBe(false);
  });

  it('does not count transactions paying the minimum fee, nor limit them', () => {
    const three = { balance: 3n * UP, ordinalsSince: 558n };
    expect(passesFeeLessLimit(three, [tx(1n, MIN), tx(1n)])).toBe(true);
    expect(passesFeeLessLimit({ balance: 3n * UP, ordinalsSince: 1n }, [tx(1n, MIN)])).toBe(true);
    expect(passesFeeLessLimit({ balance: 3n * UP, ordinalsSince: 1n }, [tx(1n, MIN - 1n)])).toBe(
      false,
    );
  });

  it('refuses a fee-less transaction that empties the balance', () => {
    const rich = { balance: 2000n * UP, ordinalsSince: 10n };
    expect(passesFeeLessLimit(rich, [tx(2000n)])).toBe(false);
    expect(passesFeeLessLimit(rich, [{ amount: 2000n * UP - 1n, fee: 0n }])).toBe(true);
  });

  it('names the fee the last transaction needs, whatever fee it was signed with', () => {
    const three = { balance: 3n * UP, ordinalsSince: 1n };
    expect(networkFeeNeeded(three, [tx(1n)])).toBe(MIN);
    expect(networkFeeNeeded(three, [tx(1n, MIN)])).toBe(MIN);
    expect(networkFeeNeeded({ ...three, ordinalsSince: 558n }, [tx(1n, MIN)])).toBe(0n);
  });
});
