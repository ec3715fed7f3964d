import { describe, expect, it } from 'vitest';
import { rejectionMessage, validateAgainstLedger, type WaitingEntry } from './validate.ts';

const H = (c: string) => c.repeat(64);
const last = { ordinal: 4n, hash: H('a') };
const value = (parent = last, amount = 10n, fee = 0n) => ({
  source: 'DAGsrc',
  destination: 'DAGdst',
  amount,
  fee,
  parent,
  salt: 1n,
});
const waiting: WaitingEntry[] = [
  { hash: H('b'), parentOrdinal: 4n, amount: 30n, fee: 1n },
  { hash: H('c'), parentOrdinal: 5n, amount: 20n, fee: 0n },
];
const check = (v: ReturnType<typeof value>, chain: WaitingEntry[] = [], balance = 100n) => {
  const r = validateAgainstLedger(v, H('f'), { balance, lastRef: last }, chain);
  return r && rejectionMessage(r);
};

describe('validateAgainstLedger', () => {
  it('accepts the last reference as parent, or the tip of the waiting chain', () => {
    expect(check(value())).toBeNull();
    expect(check(value({ ordinal: 6n, hash: H('c') }), waiting)).toBeNull();
  });

  it('names the parent problems as a node does', () => {
    expect(check(value({ ordinal: 3n, hash: H('9') }))).toBe(
      'ParentOrdinalLowerThenLastProcessedTxOrdinal(3,4)',
    );
    expect(check(value({ ordinal: 4n, hash: H('9') }))).toBe(`HasNoMatchingParent(${H('9')})`);
    expect(check(value({ ordinal: 7n, hash: H('c') }), waiting)).toBe(
      `HasNoMatchingParent(${H('c')})`,
    );
    expect(check(value(last), waiting)).toBe(`Conflict(5,${H('b')},${H('f')})`);
    expect(check(value({ ordinal: 5n, hash: H('b') }), waiting)).toBe(
      `Conflict(6,${H('c')},${H('f')})`,
    );
  });

  it('counts waiting spends and the fee against the balance', () => {
    const tip = { ordinal: 6n, hash: H('c') };
    expect(check(value(tip, 49n), waiting)).toBeNull(); // 100 - 51 = 49 left
    expect(check(value(tip, 49n, 1n), waiting)).toBe('InsufficientBalance(50,49)');
    expect(check(value(last, 101n))).toBe('InsufficientBalance(101,100)');
  });
});
