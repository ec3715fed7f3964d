import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setPaused } from '@/agent/engine/paused.ts';
import { createAgentLoops } from '@/agent/jobs/agent-loops.ts';
import { X_POSTING_LIMITS } from '@/agent/outbox/pacing.ts';
import { getAgentStatus } from '@/agent/status/get-status.ts';
import x from '@/integrations/x/fixtures/usage-cap-429.json' with { type: 'json' };
import { parseApiResponse } from '@/integrations/x/http.ts';
import { manualTimers } from '../../support/manual-timers.ts';
import { createTestDatabase } from '../../support/test-db.ts';
import { until } from '../../support/wait-for.ts';

/** X's monthly usage cap pauses the agent's X calls and shows on /status; it is not retried. */

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

const NOW = new Date('2026-02-07T10:00:00Z');
const refusal = (r: { status: number; headers: Record<string, string>; body: unknown }) =>
  parseApiResponse(new Response(JSON.stringify(r.body), r), z.object({})).then(
    () => 0,
    (e) => {
      throw e;
    },
  );
const status = () =>
  getAgentStatus(db.db, {
    now: NOW,
    handle: 'upsider',
    configPaused: false,
    latestOrdinal: async () => null,
    postingLimits: X_POSTING_LIMITS,
  });

type XAnswer = { status: number; headers: Record<string, string>; body: unknown };

/** Runs the X loop for `ms` of the loop's own time (its waits stepped, not spent). */
async function runFor(ms: number, answer: XAnswer) {
  const warnings: string[] = [];
  const timers = manualTimers();
  const loops = createAgentLoops({
    now: () => NOW,
    logger: { warn: (_o, msg) => warnings.push(msg) },
    db: db.db,
    setTimer: timers.setTimer,
  });
  let calls = 0;
  loops.start(
    'mentions',
    async () => {
      calls++;
      return refusal(answer);
    },
    { callsX: true },
  );
  await until(() => timers.pending() > 0, 'the first pass');
  await timers.advance(ms);
  await loops.stop();
  return { calls, warnings };
}

describe('X usage cap', () => {
  it('pauses the X loop until the cap lifts and says so on /status', async () => {
    const { calls, warnings } = await runFor(1500, x.usageCap);
    expect(calls).toBe(1);
    expect(warnings).toContain('X usage cap reached: the agent makes no X calls until it lifts');
    const { health } = await status();
    expect(health.state).toBe('throttled');
    expect(health.reason).toContain('X usage cap reached (Monthly Product)');
    expect(health.until).toBe('2026-03-01T00:00:00.000Z');
  });

  it('an operator’s resume lifts the pause', async () => {
    await setPaused(db.db, false, 'operator', NOW);
    expect((await status()).health.reason).not.toContain('usage cap');
  });

  it('a rate-limit 429 is waited out to its reset, never recorded as a cap', async () => {
    const limited = {
      ...x.rateLimited,
      headers: { ...x.rateLimited.headers, 'x-rate-limit-reset': String(NOW.getTime() / 1000) },
    };
    const { calls } = await runFor(2500, limited);
    expect(calls).toBeGreaterThan(1);
    expect((await status()).health.reason).not.toContain('usage cap');
  });
});

describe('X credits run out (402 CreditsDepleted)', () => {
  const noCredit: XAnswer = {
    status: 402,
    headers: { 'content-type': 'application/problem+json' },
    body: {
      account_id: '1',
      title: 'CreditsDepleted',
      detail: 'Your enrolled account [1] does not have any credits to fulfill this request.',
      type: 'https://api.twitter.com/2/problems/credits',
    },
  };

  it('pauses the X loop until the next probe and says so on /status', async () => {
    await setPaused(db.db, false, 'operator', NOW);
    const { calls, warnings } = await runFor(1500, noCredit);
    expect(calls).toBe(1);
    expect(warnings).toContain(
      'X credits used up: the agent makes no X calls until a probe passes',
    );
    const { health } = await status();
    expect(health.state).toBe('throttled');
    expect(health.reason).toContain('X credits used up');
    expect(health.until).toBe(new Date(NOW.getTime() + 60_000).toISOString());
  });
});
