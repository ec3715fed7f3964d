import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentLoops } from '@/agent/jobs/agent-loops.ts';
import { handBackLeases } from '@/agent/jobs/hand-back.ts';
import type { Db } from '@/db/client.ts';
import { claimJobs, enqueueJob, finishJob } from '@/db/queue/index.ts';
import { createTestDatabase } from '../../../support/test-db.ts';
import { settle } from '../../../support/wait-for.ts';

// SIGTERM (a deploy): a stopping worker waits a bounded time for its steps, then gives back what
// it still leases, so another worker takes it at once instead of after the lease runs out.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
const now = new Date(Date.now() + 60_000);
const claim = (workerId: string) =>
  claimJobs(db, { kinds: ['hand-back-test'], workerId, limit: 5, leaseMs: 600_000, now });

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

describe('a stopping worker hands back its leases', () => {
  it('another worker claims them at once, with the attempt not counted; the old claim settles nothing', async () => {
    await enqueueJob(db, { kind: 'hand-back-test', key: 'hb:1', payload: {} });
    await enqueueJob(db, { kind: 'hand-back-test', key: 'hb:2', payload: {} });
    const held = await claim('stopping-worker');
    expect(held).toHaveLength(2);
    // Leased for ten minutes: nobody else could take them before the hand-back.
    expect(await claim('other-worker')).toHaveLength(0);

    expect(await handBackLeases(db, 'stopping-worker')).toEqual({ jobs: 2, inbox: 0, replies: 0 });
    const taken = await claim('other-worker');
    expect(taken.map((j) => j.key).sort()).toEqual(['hb:1', 'hb:2']);
    expect(taken.map((j) => j.attempts)).toEqual([1, 1]);
    // The step that outlived the drain cannot settle what it gave back.
    expect(await finishJob(db, held[0]!, { now })).toBe(false);
    expect(await finishJob(db, taken[0]!, { now })).toBe(true);
  });

  it('stop waits for steps in flight only as long as the bound', async () => {
    const loops = createAgentLoops({ now: () => new Date(), logger: { warn: () => {} } });
    let release = () => {};
    loops.start('slow', () => new Promise<number>((resolve) => (release = () => resolve(1000))));
    await settle(); // the slow step is under way
    expect(await loops.stop({ drainMs: 50 })).toBe(false);
    release();
    const quick = createAgentLoops({ now: () => new Date(), logger: { warn: () => {} } });
    quick.start('quick', async () => 1000);
    await settle(); // the quick step has finished and the loop waits
    expect(await quick.stop({ drainMs: 5_000 })).toBe(true);
  });
});
