import { describe, expect, it, vi } from 'vitest';
import type { EvidenceClient } from '@/integrations/evidence/index.ts';
import { batchAnchorLookup } from './batch-anchor.ts';

const HASH = 'ab'.repeat(32);
const committedBatch = { globalSnapshotOrdinal: 5_000_001, globalSnapshotHash: 'cd'.repeat(32) };

/** A Digital Evidence service that answers after `delayMs`, counting the questions it gets. */
function service(
  batch: { globalSnapshotOrdinal: number | null; globalSnapshotHash: string | null },
  delayMs = 0,
) {
  const asked = { count: 0 };
  // A slow service answers on a timer that the test steps with vi.useFakeTimers.
  const later = <T>(value: T) =>
    delayMs === 0
      ? Promise.resolve(value)
      : new Promise<T>((r) => setTimeout(() => r(value), delayMs));
  const client = {
    getFingerprint: async () => {
      asked.count++;
      return later({ batchId: 'batch-1' });
    },
    getBatch: async () => later(batch),
  } as unknown as EvidenceClient;
  return { client, asked };
}

describe('batchAnchorLookup (the detail page’s anchoring snapshot)', () => {
  it('asks the service until the batch is committed, then keeps the anchor', async () => {
    const pending = { globalSnapshotOrdinal: null, globalSnapshotHash: null };
    const state = { batch: pending as typeof committedBatch | typeof pending };
    const { client, asked } = service(committedBatch);
    const live = { ...client, getBatch: async () => state.batch } as unknown as EvidenceClient;
    const anchorOf = batchAnchorLookup(live);
    expect(await anchorOf(HASH)).toBeNull();
    state.batch = committedBatch;
    const anchor = { batchId: 'batch-1', ordinal: 5_000_001, hash: 'cd'.repeat(32) };
    expect(await anchorOf(HASH)).toEqual(anchor);
    expect(await anchorOf(HASH)).toEqual(anchor);
    expect(asked.count).toBe(2);
  });

  it('leaves the field out when the service is slower than the page may wait', async () => {
    vi.useFakeTimers();
    try {
      const { client } = service(committedBatch, 200);
      // The service would name the snapshot after 200 ms; the page waits 20 ms.
      const anchor = batchAnchorLookup(client, { timeoutMs: 20 })(HASH);
      await vi.advanceTimersByTimeAsync(20);
      expect(await anchor).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
