import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollMentions } from '@/agent/inbox/poll-mentions.ts';
import { nextReadDelayMs } from '@/agent/inbox/read-pacing.ts';
import type { Database } from '@/db/client.ts';
import { agentInbox } from '@/db/schema/index.ts';
import type { XClient } from '@/integrations/x/index.ts';
import { createTestDatabase } from '../../support/test-db.ts';

const MINUTE = 60_000;
const WINDOW_MS = 15 * MINUTE;
const READS_PER_WINDOW = 300;

/**
 * X's mentions endpoint as far as reading is concerned: 300 reads per 15-minute window (the
 * window starts at the first read), 100 posts per page, rate-limit headers on every answer.
 * A read over the limit is counted, not answered.
 */
function fakeMentionsApi(now: () => number) {
  const posts: { id: string; at: number }[] = [];
  let windowEnds = 0;
  let used = 0;
  const api = {
    refused: 0,
    reads: 0,
    post(at: number) {
      posts.push({ id: String(1_000_000 + posts.length), at });
    },
    async getMentions(
      _token: string,
      _user: string,
      opts: { sinceId?: string; paginationToken?: string },
    ) {
      if (now() >= windowEnds) {
        windowEnds = now() + WINDOW_MS;
        used = 0;
      }
      used++;
      api.reads++;
      if (used > READS_PER_WINDOW) {
        api.refused++;
        throw new Error('429 Too Many Requests');
      }
      const since = BigInt(opts.sinceId ?? '0');
      const newer = posts.filter((p) => BigInt(p.id) > since && p.at <= now()).reverse();
      const start = Number(opts.paginationToken ?? 0);
      const page = newer.slice(start, start + 100);
      const rateLimit = {
        limit: READS_PER_WINDOW,
        remaining: READS_PER_WINDOW - used,
        resetAt: new Date(windowEnds),
      };
      return {
        tweets: page.map((p) => ({
          id: p.id,
          text: '@UpsiderAgent balance',
          author_id: '7',
          created_at: new Date(p.at).toISOString(),
        })),
        includes: {},
        meta: {
          newest_id: newer[0]?.id,
          next_token: start + 100 < newer.length ? String(start + 100) : undefined,
        },
        rateLimit,
      };
    },
  };
  return api;
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('mentions read pacing, an hour of steady posting on a fake clock', () => {
  it('keeps the read budget, drains a burst through pagination, reads each post within ~3 s', async () => {
    let t = Date.parse('2026-01-01T12:00:00Z');
    const start = t;
    const x = fakeMentionsApi(() => t);
    // One post every 10 s for an hour, plus a burst of 250 at minute 30.
    // Ids in posting order, as X's are.
    for (let at = start; at < start + 60 * MINUTE; at += 10_000) {
      x.post(at);
      if (at === start + 30 * MINUTE) for (let i = 0; i < 250; i++) x.post(at);
    }
    const deps = {
      db: database.db,
      x: x as unknown as Pick<XClient, 'getMentions'>,
      access: async () => ({ xUserId: '1', accessToken: 'token' }),
      now: () => new Date(t),
      firstReadWindowMs: 15 * MINUTE,
    };

    let lowest = READS_PER_WINDOW;
    while (t < start + 60 * MINUTE) {
      const r = await pollMentions(deps);
      expect(r.waitUntil).toBeUndefined();
      lowest = Math.min(lowest, r.budget?.remaining ?? lowest);
      t += nextReadDelayMs({ budget: r.budget, now: new Date(t), minMs: 1000 });
    }

    const rows = await database.db.select().from(agentInbox);
    const latency = rows
      .map(
        (row) =>
          row.receivedAt.getTime() - Date.parse((row.post as { createdAt: string }).createdAt),
      )
      .sort((a, b) => a - b);
    expect(x.refused).toBe(0);
    expect(lowest).toBeGreaterThan(0);
    expect(rows).toHaveLength(360 + 250);
    expect(x.reads).toBeLessThanOrEqual(4 * READS_PER_WINDOW);
    expect(x.reads).toBeGreaterThan(4 * READS_PER_WINDOW * 0.9); // the budget is used, evenly
    expect(latency[Math.floor(latency.length * 0.95)]).toBeLessThanOrEqual(3_100);
    expect(latency.at(-1)).toBeLessThanOrEqual(4_000);
  }, 120_000);
});
