import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentContext } from '@/agent/context.ts';
import { mentionsLoop } from '@/agent/loops/mentions.ts';
import type { Database } from '@/db/client.ts';
import { waitRealMs } from '../../support/real-time.ts';
import { createTestDatabase } from '../../support/test-db.ts';

/**
 * Two workers share one X read budget: they take turns through the `mentions_read_turn` lease,
 * so together they read no more often than one (a viral hour ran dry when each paced itself).
 * X is a stand-in counting requests; the lease lives in the test's real database.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

interface FakeX {
  reads: number;
  pages: number;
  /** Awaited before each page is answered (a slow X, or a read that never ends). */
  wait?: () => Promise<void>;
}

function workerOn(
  db: Database,
  workerId: string,
  x: FakeX,
  o: { leaseMs?: number; pollIntervalMs?: number; dead?: () => boolean } = {},
) {
  const ctx = {
    // A dead worker's statements fail (its process is gone): nothing it started renews.
    get db() {
      if (o.dead?.()) throw new Error('this worker was killed');
      return db.db;
    },
    workerId,
    now: () => new Date(),
    logger: { warn() {} },
    agent: {
      pollIntervalMs: o.pollIntervalMs ?? 1000,
      firstReadWindowMs: 60_000,
      leaseMs: o.leaseMs ?? 60_000,
    },
    access: async () => ({ xUserId: '1', accessToken: 'token' }),
    x: {
      async getMentions(_token: string, _user: string, opts: { paginationToken?: string }) {
        await x.wait?.();
        x.reads += 1;
        const page = Number(opts.paginationToken ?? 1);
        return {
          tweets: [],
          includes: {},
          meta: { result_count: 0, next_token: page < x.pages ? String(page + 1) : undefined },
          rateLimit: {
            limit: 300,
            remaining: 300 - x.reads,
            resetAt: new Date(Date.now() + 900_000),
          },
        };
      },
    },
  };
  return mentionsLoop(ctx as unknown as AgentContext);
}

describe('mentions read turn', () => {
  it('one worker reads; the other waits for the turn; a dead reader’s turn passes on', async () => {
    const x: FakeX = { reads: 0, pages: 5 };
    const first = workerOn(database, 'worker-1', x);
    const second = workerOn(database, 'worker-2', x);

    const firstDelay = await first.step();
    expect(x.reads).toBe(5);
    // 295 requests left at five a read over 15 minutes: about 15 s between reads.
    expect(firstDelay).toBeGreaterThan(14_000);
    expect(firstDelay).toBeLessThan(16_000);

    const secondDelay = await second.step();
    expect(x.reads).toBe(5);
    expect(secondDelay).toBeGreaterThan(10_000);

    // The first worker dies: once its turn has lapsed, the second reads.
    await database.db.execute(sql`
      update agent_state set value = jsonb_set(value, '{until}', to_jsonb((now() - interval '1 second')::text))
      where key = 'mentions_read_turn'`);
    await second.step();
    expect(x.reads).toBe(10);
    await first.step();
    expect(x.reads).toBe(10);
  });

  it('a reader killed mid-read hands the turn on within the agent lease, not a minute', async () => {
    await database.db.execute(sql`delete from agent_state where key = 'mentions_read_turn'`);
    const leaseMs = 600;
    let killed = false;
    let endRead = () => {};
    const dying: FakeX = {
      reads: 0,
      pages: 1,
      // The read starts, then the process is kill -9'd: its read never ends (until the test
      // is over, so nothing of it outlives the test).
      wait: () => {
        killed = true;
        return new Promise<void>((_, reject) => {
          endRead = () => reject(new Error('over'));
        });
      },
    };
    const doomed = workerOn(database, 'worker-1', dying, { leaseMs, dead: () => killed });
    const doomedStep = doomed.step().catch(() => {});
    while (!killed) await new Promise((r) => setImmediate(r));

    const x: FakeX = { reads: 0, pages: 1 };
    const survivor = workerOn(database, 'worker-2', x, { leaseMs, pollIntervalMs: 100 });
    const wait = await survivor.step();
    expect(x.reads).toBe(0);
    expect(wait).toBeLessThanOrEqual(leaseMs);
    await waitRealMs(wait + 50, "database: the turn's lease runs on the database's clock");
    await survivor.step();
    expect(x.reads).toBe(1);
    endRead();
    await doomedStep;
  });

  it('a live read longer than the lease keeps its turn', async () => {
    await database.db.execute(sql`delete from agent_state where key = 'mentions_read_turn'`);
    const leaseMs = 600;
    const slow: FakeX = {
      reads: 0,
      pages: 1,
      wait: () => waitRealMs(1_200, 'database: a read that outlasts the lease on its clock'),
    };
    const reading = workerOn(database, 'worker-1', slow, { leaseMs }).step();
    await waitRealMs(900, "database: past the lease, on the database's clock");
    const x: FakeX = { reads: 0, pages: 1 };
    await workerOn(database, 'worker-2', x, { leaseMs, pollIntervalMs: 100 }).step();
    expect(x.reads).toBe(0);
    await reading;
    expect(slow.reads).toBe(1);
  });
});
