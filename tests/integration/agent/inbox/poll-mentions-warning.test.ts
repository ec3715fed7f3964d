import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pollMentions } from '@/agent/inbox/poll-mentions.ts';
import type { Database } from '@/db/client.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** X's mentions endpoint reporting `remaining` reads left in a window that resets at `resetAt`. */
function mentionsWith(budget: { remaining: number }, resetAt: Date) {
  return {
    getMentions: vi.fn(async () => ({
      tweets: [],
      includes: {},
      meta: { result_count: 0 },
      rateLimit: { limit: 300, remaining: budget.remaining, resetAt },
    })),
  };
}

describe('pollMentions when the read budget runs out', () => {
  it('warns once, when remaining reaches 0, and then waits for the reset without reading', async () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const resetAt = new Date('2026-01-01T12:10:00Z');
    const budget = { remaining: 1 };
    const x = mentionsWith(budget, resetAt);
    const logger = { warn: vi.fn() };
    const deps = {
      db: database.db,
      x,
      access: async () => ({ xUserId: '1', accessToken: 'AT' }),
      now: () => now,
      firstReadWindowMs: 60_000,
      logger,
    };

    await pollMentions(deps);
    expect(logger.warn).not.toHaveBeenCalled();

    budget.remaining = 0;
    await pollMentions(deps);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(
      { resetAt: resetAt.toISOString() },
      expect.stringMatching(/used up/),
    );

    // While the window lasts no read is made, and the warning is not repeated.
    const waiting = await pollMentions(deps);
    expect(waiting.waitUntil).toEqual(resetAt);
    expect(x.getMentions).toHaveBeenCalledTimes(2);
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });
});
