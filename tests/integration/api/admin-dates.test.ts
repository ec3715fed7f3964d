import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJobByKey } from '@/db/queue/index.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';

/**
 * Every route that takes a day or a month answers a date that is not on the calendar with a 400
 * in the error shape (decision 0049): close-month "0000-01" answered 500, and score-day queued
 * "2026-02-30" as a job that failed and retried forever.
 */
let t: AgentEnv;
beforeAll(async () => {
  t = await startAgentEnv();
});
afterAll(() => t?.close());

describe('dates the routes take', () => {
  it('score-day refuses a day that is not on the calendar, and queues nothing', async () => {
    for (const day of ['2026-02-30', '2026-13-01', '0000-01-01']) {
      const res = await t.call('POST', '/sandbox/post-rewards/_admin/score-day', { day });
      expect(res.status, day).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request' });
      expect(res.body.error.message).toMatch(/day must be YYYY-MM-DD/);
      expect(await getJobByKey(t.deps.db, `post-rewards:${day}`)).toBeNull();
    }
  });

  it('close-month refuses a month that is not on the calendar', async () => {
    for (const month of ['0000-01', '2026-13', '2026-00']) {
      const res = await t.call('POST', '/sandbox/rewards/_admin/close-month', { month });
      expect(res.status, month).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request' });
    }
  });

  it("the public rewards page's day is a calendar day too", async () => {
    const res = await t.call('GET', '/api/rewards/posts?day=2026-02-30');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_day' });
  });
});
