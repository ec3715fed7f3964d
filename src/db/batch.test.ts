import { describe, expect, it } from 'vitest';
import { batched } from './batch.ts';
import type { Db } from './client.ts';

// A stand-in handle: batching is keyed by the Db object, and a non-pg handle is run one batch
// at a time (as PGlite is).
const fakeDb = () => ({}) as unknown as Db;

describe('batched', () => {
  it('sends the calls of one moment as one batch and answers each caller with its own result', async () => {
    const batches: number[][] = [];
    const double = batched('test-double', async (_db, items: number[]) => {
      batches.push(items);
      return items.map((n) => n * 2);
    });
    const db = fakeDb();
    expect(await Promise.all([1, 2, 3].map((n) => double(db, n)))).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('retries a failed batch item by item: only the bad item fails', async () => {
    const batches: number[][] = [];
    const checked = batched('test-checked', async (_db, items: number[]) => {
      batches.push(items);
      if (items.includes(13)) throw new Error('13 refused');
      return items;
    });
    const db = fakeDb();
    const results = await Promise.allSettled([1, 13, 3].map((n) => checked(db, n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('13 refused');
    expect(batches).toEqual([[1, 13, 3], [1], [13], [3]]);
  });

  it('one batch at a time per database: callers of other steps gather meanwhile', async () => {
    const log: string[] = [];
    let release!: () => void;
    const slow = batched('test-slow', async (_db, items: string[]) => {
      log.push(`slow ${items.join(',')}`);
      await new Promise<void>((r) => (release = r));
      return items;
    });
    const fast = batched('test-fast', async (_db, items: string[]) => {
      log.push(`fast ${items.join(',')}`);
      return items;
    });
    const db = fakeDb();
    const first = slow(db, 'a');
    await new Promise((r) => setImmediate(r));
    const waiting = [fast(db, 'x'), fast(db, 'y'), slow(db, 'b')];
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['slow a']);
    release();
    await first;
    await waiting[0];
    await new Promise((r) => setImmediate(r));
    // The step whose caller waited longest goes first, each step's callers as one batch.
    expect(log).toEqual(['slow a', 'fast x,y', 'slow b']);
    release();
    expect(await Promise.all(waiting)).toEqual(['x', 'y', 'b']);
  });

  it('never mixes callers of different database handles (e.g. two transactions)', async () => {
    const batches: string[][] = [];
    const echo = batched('test-echo', async (_db, items: string[]) => {
      batches.push(items);
      return items;
    });
    const [a, b] = [fakeDb(), fakeDb()];
    await Promise.all([echo(a, 'a1'), echo(b, 'b1'), echo(a, 'a2')]);
    expect(batches).toEqual([['a1', 'a2'], ['b1']]);
  });
});
