import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentContext } from '@/agent/context.ts';
import { mentionsLoop } from '@/agent/loops/mentions.ts';
import type { Database } from '@/db/client.ts';
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

function workerOn(db: Database, workerId: string, x: { reads: number; pages: number }) {
  const ctx = {
    db: db.db,
    workerId,
    now: () => new Date(),
    logger: { warn() {} },
    agent: { pollIntervalMs: 1000, firstReadWindowMs: 60_000 },
    access: async () => ({ xUserId: '1', accessToken: 'token' }),
    x: {
      async getMentions(_token: string, _user: string, opts: { paginationToken?: string }) {
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
    const x = { reads: 0, pages: 5 };
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
});
