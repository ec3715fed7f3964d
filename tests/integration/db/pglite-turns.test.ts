import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client.ts';
import { createTestDatabase, testDbKind } from '../../support/test-db.ts';

// PGlite only: PostgreSQL's statements wait on a socket, so Node reads its others meanwhile.
let database: Database;
let server: http.Server;

describe.skipIf(testDbKind !== 'pglite')('statements on the embedded database', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  });

  // A worker's pass is a chain of statements; a request that arrives meanwhile is answered
  // between two of them, not after the last (decision 0079: a restart's readiness request sat
  // unread behind the loops' first passes).
  // Statements until the request is answered: a few slices' worth (SLICE_MS each) on any
  // machine; a chain that never gives the event loop a turn runs to the end first.
  const cap = 5_000;
  type Execute = Database['db']['execute'];
  const chain = async (execute: Execute, p: { done: number; answered: boolean }) => {
    for (let i = 0; i < cap && !p.answered; i++) {
      await execute(sql`select ${i}::int`);
      p.done++;
    }
  };
  type Progress = { done: number; answered: boolean };
  it.each([
    ['one at a time', (p: Progress) => chain((q) => database.db.execute(q), p)],
    [
      'inside one transaction',
      (p: Progress) => database.db.transaction((tx) => chain((q) => tx.execute(q), p)),
    ],
  ])('let Node answer a request while a chain of them runs (%s)', async (_kind, run) => {
    const { port } = server.address() as AddressInfo;
    const progress = { done: 0, answered: false };
    let doneWhenAnswered = -1;
    const answered = fetch(`http://127.0.0.1:${port}/`).then(async (res) => {
      doneWhenAnswered = progress.done;
      progress.answered = true;
      return res.text();
    });
    await run(progress);
    expect(await answered).toBe('ok');
    expect(doneWhenAnswered).toBeLessThan(cap);
  });
});
