import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createXTestSandbox } from '../../../support/sandbox-x.ts';

let t: Awaited<ReturnType<typeof createXTestSandbox>>;
beforeAll(async () => {
  t = await createXTestSandbox();
});
afterAll(() => t.close());

const send = (method: string, path: string) => t.app.request(`/sandbox/x${path}`, { method });

describe('paths the local X does not serve', () => {
  it('answer under /2 with the v2 problem, as a 404', async () => {
    for (const [method, path] of [
      ['GET', '/2/nope'],
      ['GET', '/2/oauth2/token'],
      ['POST', '/2/users/me'],
    ] as const) {
      const res = await send(method, path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(await res.json()).toMatchObject({ status: 404, title: 'Not Found' });
    }
  });

  it("answer under the API host's other prefixes with X's error code 34", async () => {
    for (const path of ['/1.1/statuses/show.json', '/labs/2/tweets', '/oauth2/token']) {
      const res = await send('POST', path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({
        errors: [{ message: 'Sorry, that page does not exist', code: 34 }],
      });
    }
  });

  it("answer elsewhere with the web's not-found page, never a 200", async () => {
    for (const path of ['/foo/bar/baz', '/alice/status/1', '/media/1.mp4']) {
      const res = await send('GET', path);
      expect(res.status, path).toBe(404);
    }
    expect(await (await send('GET', '/foo/bar/baz')).text()).toContain('this page doesn');
  });
});
