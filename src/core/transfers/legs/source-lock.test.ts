import { describe, expect, it } from 'vitest';
import type { Db } from '@/db/client.ts';
import { settle } from '../../../../tests/support/wait-for.ts';
import { tryWithSourceLock, withSourceLock } from './source-lock.ts';

// The in-process path (PGlite): any object stands in for the database handle.
const fakeDb = () => ({}) as unknown as Db;

describe('tryWithSourceLock', () => {
  it('skips a held address at once without running, and runs once it is free', async () => {
    const db = fakeDb();
    let release!: () => void;
    const held = withSourceLock(db, 'DAGa', () => new Promise<void>((r) => (release = r)));
    let ran = 0;
    expect(await tryWithSourceLock(db, 'DAGa', async () => ++ran)).toEqual({ ran: false });
    // Another address is not held.
    expect(await tryWithSourceLock(db, 'DAGb', async () => ++ran)).toEqual({ ran: true, value: 1 });
    release();
    await held;
    expect(await tryWithSourceLock(db, 'DAGa', async () => ++ran)).toEqual({ ran: true, value: 2 });
  });

  it('holds the lock while it runs: a waiting withSourceLock starts only after it', async () => {
    const db = fakeDb();
    const order: string[] = [];
    let release!: () => void;
    const first = tryWithSourceLock(db, 'DAGa', async () => {
      order.push('try start');
      await new Promise<void>((r) => (release = r));
      order.push('try end');
    });
    const second = withSourceLock(db, 'DAGa', async () => order.push('waiter'));
    await settle(); // the waiter is queued behind the held lock
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['try start', 'try end', 'waiter']);
  });
});
