import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StaticSite } from './static-site.ts';

/** A build as Vite writes it: the shell with its entry script, module preloads and stylesheet. */
function site() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendered-page-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets/index-abc.css'), 'h1{font-weight:700}');
  fs.writeFileSync(path.join(dir, 'load-app-after-paint.js'), '/* loader */');
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head>' +
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react-abc.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">' +
      '</head><body><div id="root"></div></body></html>',
  );
  return new StaticSite(dir, (html) => html, {});
}

const text = (s: StaticSite, urlPath: string) =>
  s.respond(urlPath, {}).body?.toString('utf8') ?? '';

describe('a server-rendered page', () => {
  it('holds the app scripts in an inert template the loader appends after the first paint', async () => {
    const s = site();
    await s.addRenderedPage('/', '<h1>Hello</h1>');
    const html = text(s, '/');
    const [outside, template] = html.split('<template id="app-scripts">') as [string, string];
    // Nothing the browser would fetch before painting: no module script, no preload.
    expect(outside).not.toMatch(/\/assets\/[\w-]+\.js/);
    expect(template).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect(template).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/react-abc.js">',
    );
    expect(html).toMatch(/<\/template><script type="module" src="\/load-app-after-paint.js">/);
    expect(outside).toContain('<div id="root"><h1>Hello</h1></div>');
    expect(outside).toContain('<style>h1{font-weight:700}</style>');
  });

  it('leaves the shell, which the scripts render, as it was', async () => {
    const s = site();
    await s.addRenderedPage('/', '<h1>Hello</h1>');
    const shell = text(s, '/premium');
    expect(shell).toContain('<head><script type="module" crossorigin src="/assets/index-abc.js">');
    expect(shell).not.toContain('app-scripts');
  });
});
