import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProjectByKey } from '@/core/external/projects.ts';
import { ORIGIN } from '../../../support/sign-in.ts';
import { createTestApp } from '../../../support/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({}, { sandbox: true });
});
afterAll(() => t.close());

const post = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.request('/sandbox/_admin/projects', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('POST /sandbox/_admin/projects', () => {
  it('registers a project whose API key works, as the CLI does', async () => {
    const res = await post({ name: 'Demo App', dailyCap: 7 }, { origin: ORIGIN });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      name: 'Demo App',
      dailyCap: 7,
      id: expect.stringMatching(/^prj_/),
    });
    const project = await findProjectByKey(t.deps, body.apiKey);
    expect(project?.id).toBe(body.id);
    const index = await (await t.app.request('/sandbox')).json();
    expect(index.admin.createProject).toMatch(/\/sandbox\/_admin\/projects$/);
  });

  it('refuses bad input with 400 and other sites with 403', async () => {
    expect((await post({ dailyCap: 3 })).status).toBe(400);
    expect((await post({ name: 'x', dailyCap: 0 })).status).toBe(400);
    const cross = await post({ name: 'Evil' }, { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
  });
});
