import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/test-app.ts';

/**
 * Through the product's own mount (sandbox mode), an unknown path under a twin answers that
 * service's 404 body, never the web app's HTML (issue 42): a typo in a client's path must fail
 * as it would against the real service.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({}, { sandbox: true });
});
afterAll(() => t.close());

describe('unknown paths under the LLM, Polymarket and market twins', () => {
  it.each([
    ['/sandbox/llm/v1/nope', /Invalid URL \(GET \/v1\/nope\)/],
    ['/sandbox/polymarket/clob/nope', /not found/],
    ['/sandbox/polymarket/data/v9/positions', /not found/],
    ['/sandbox/market/api/v3/coins/list', /Incorrect path/],
  ])('%s', async (path, message) => {
    const res = await t.app.request(path, {
      headers: { authorization: 'Bearer sandbox-llm-key', accept: 'text/html' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(JSON.stringify(await res.json())).toMatch(message);
  });
});
