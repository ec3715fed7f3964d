import { describe, expect, it } from 'vitest';
import { shortenAddress } from './shorten-address';

describe('shortenAddress', () => {
  const dag = 'DAG0y4eLqhhXUafeE3mgBstezPTnr8L3tZjAtMWB';

  it('keeps the first and last characters around an ellipsis', () => {
    expect(shortenAddress(dag, 8, 6)).toBe('DAG0y4eL...jAtMWB');
    expect(shortenAddress(dag, 8, 8)).toBe('DAG0y4eL...tZjAtMWB');
    expect(shortenAddress(dag, 12, 6)).toHaveLength(21);
  });

  it('returns short input unchanged instead of lengthening it', () => {
    expect(shortenAddress('DAG12345678901234', 8, 6)).toBe('DAG12345678901234');
    expect(shortenAddress('', 8, 6)).toBe('');
  });
});
