import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimInboxJobs, workThroughInboxJobs } from '@/agent/jobs/inbox-queue.ts';
import type { Database } from '@/db/client.ts';
import { agentInbox } from '@/db/schema/index.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

/** Decision 0074: one worker runs several authors' commands side by side, each author's in order. */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const T0 = new Date('2026-03-01T12:00:00Z').getTime();
// Posts 1–6, oldest first: ann asks three times, bob twice, cy once.
const AUTHORS = ['ann', 'bob', 'ann', 'cy', 'bob', 'ann'];

async function runWithLanes(lanes: number) {
  await database.db.delete(agentInbox);
  await database.db.insert(agentInbox).values(
    AUTHORS.map((authorId, i) => ({
      postId: String(i + 1),
      source: 'x' as const,
      authorId,
      text: '@UpsiderAgent balance',
      post: {},
      receivedAt: new Date(T0 + i),
      nextAttemptAt: new Date(T0 - 1000),
    })),
  );
  const batch = await claimInboxJobs(database.db, {
    workerId: 'A',
    limit: 10,
    leaseMs: 60_000,
    now: new Date(T0),
  });
  const events: string[] = [];
  let running = 0;
  let most = 0;
  await workThroughInboxJobs(database.db, batch, {
    leaseMs: 60_000,
    lanes,
    now: () => new Date(T0),
    run: async (job) => {
      most = Math.max(most, ++running);
      events.push(`start ${job.authorId} ${job.postId}`);
      await new Promise((r) => setImmediate(r));
      events.push(`end ${job.authorId} ${job.postId}`);
      running--;
    },
  });
  return { events, most };
}

describe('a worker running a claimed batch in lanes', () => {
  it('runs different authors side by side, never one author twice at once, in their order', async () => {
    const { events, most } = await runWithLanes(3);
    expect(most).toBe(3);
    for (const author of ['ann', 'bob', 'cy']) {
      const mine = events.filter((e) => e.includes(` ${author} `));
      const posts = AUTHORS.flatMap((a, i) => (a === author ? [String(i + 1)] : []));
      // start, end, start, end… in post order: one at a time, oldest first.
      expect(mine).toEqual(posts.flatMap((p) => [`start ${author} ${p}`, `end ${author} ${p}`]));
    }
  });

  it('runs one job at a time with one lane, oldest first', async () => {
    const { events, most } = await runWithLanes(1);
    expect(most).toBe(1);
    expect(events.filter((e) => e.startsWith('start'))).toEqual(
      AUTHORS.map((a, i) => `start ${a} ${i + 1}`),
    );
  });

  it('starts the oldest job whose author is free', async () => {
    const { events } = await runWithLanes(2);
    // ann 1 and bob 2 first; ann 3 waits for ann 1, so it starts before cy 4 only once free.
    expect(events.slice(0, 2)).toEqual(['start ann 1', 'start bob 2']);
    expect(events.indexOf('start ann 3')).toBeGreaterThan(events.indexOf('end ann 1'));
  });
});
