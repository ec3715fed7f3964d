import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { XApiError } from './errors.ts';
import x from './fixtures/usage-cap-429.json' with { type: 'json' };
import { parseApiResponse } from './http.ts';

const answer = (r: { status: number; headers: Record<string, string>; body: unknown }) =>
  parseApiResponse(new Response(JSON.stringify(r.body), r), z.object({})).catch((e) => e);

describe('X 429s: usage cap versus rate limit', () => {
  it('reads X’s usage-cap answer as a usage cap, not a window to wait out', async () => {
    const err = await answer(x.usageCap);
    expect(err).toBeInstanceOf(XApiError);
    expect(err.usageCap).toEqual({ period: 'Monthly', scope: 'Product' });
    expect(err.detail).toBe('Usage cap exceeded: Monthly product cap');
    // The 15-minute window still has budget: its reset says nothing about the cap.
    expect(err.rateLimit?.remaining).toBe(39999);
    expect(err.resetAt).toBeNull();
  });

  it('a rate-limit 429 keeps its reset time and is no usage cap', async () => {
    const err = await answer(x.rateLimited);
    expect(err.usageCap).toBeNull();
    expect(err.resetAt).toEqual(new Date(1770480000 * 1000));
    expect(err.retryable).toBe(true);
  });
});

describe('X failing with its window’s headers', () => {
  const failing = (status: number, remaining: number) =>
    answer({
      status,
      headers: {
        'content-type': 'application/problem+json',
        'x-rate-limit-limit': '450',
        'x-rate-limit-remaining': String(remaining),
        'x-rate-limit-reset': '1770480000',
      },
      body: { title: 'Service Unavailable', detail: 'Service Unavailable' },
    });

  it('a 5xx with reads left names no time to wait for: the reset is not when X recovers', async () => {
    const err = await failing(503, 440);
    expect(err.retryable).toBe(true);
    expect(err.rateLimit?.remaining).toBe(440);
    expect(err.resetAt).toBeNull();
  });

  it('with none left in the window, its reset is the time to retry', async () => {
    expect((await failing(500, 0)).resetAt).toEqual(new Date(1770480000 * 1000));
  });
});

describe('X refusing for want of credit', () => {
  const problem = (status: number, body: object) =>
    answer({ status, headers: { 'content-type': 'application/problem+json' }, body });

  it('reads 402 CreditsDepleted as an account-wide block with no reset', async () => {
    const err = await problem(402, {
      title: 'CreditsDepleted',
      detail: 'Your enrolled account [1] does not have any credits to fulfill this request.',
      type: 'https://api.twitter.com/2/problems/credits',
    });
    expect(err.creditsDepleted).toBe(true);
    expect(err.accountBlocked).toBe(true);
    expect(err.resetAt).toBeNull();
  });

  it('a 403 naming billing is one too; a 403 for duplicate content is not', async () => {
    const billing = await problem(403, { title: 'Forbidden', detail: 'Billing required' });
    expect(billing.creditsDepleted).toBe(true);
    const duplicate = await problem(403, {
      title: 'Forbidden',
      detail: 'You are not allowed to create a Tweet with duplicate content.',
    });
    expect(duplicate.accountBlocked).toBe(false);
  });
});
