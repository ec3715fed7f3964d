import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createXTestSandbox } from '../../../support/sandbox-x.ts';

// The local X serves the emoji font the site uses (issue 43 §5: a 🚀 was a missing-glyph box).
let t: Awaited<ReturnType<typeof createXTestSandbox>>;
beforeAll(async () => {
  t = await createXTestSandbox();
});
afterAll(() => t?.close());

describe('local X emoji font', () => {
  it('pages link the stylesheet, whose faces point at served woff2 subsets', async () => {
    const page = await (await t.app.request('/sandbox/x/home')).text();
    expect(page).toContain('<link rel="stylesheet" href="/sandbox/x/fonts/noto-emoji.css">');
    const css = await t.app.request('/sandbox/x/fonts/noto-emoji.css');
    expect(css.status).toBe(200);
    const body = await css.text();
    const file = /url\(\/sandbox\/x\/fonts\/(noto-emoji-\d+-400-normal\.woff2)\)/.exec(body)?.[1];
    expect(file).toBeDefined();
    expect(body).not.toContain('./files/');
    const font = await t.app.request(`/sandbox/x/fonts/${file}`);
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect((await t.app.request('/sandbox/x/fonts/..%2Fpackage.json')).status).toBe(404);
  });
});
