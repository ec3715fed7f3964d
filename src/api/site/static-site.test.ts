import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { StaticSite } from './static-site.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function distDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-site-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><link rel="stylesheet" href="/assets/app.css"></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets/app.css'), `body{color:red}${' '.repeat(2000)}`);
  return dir;
}

describe('StaticSite.addRenderedPage', () => {
  it('serves the page with its HTML in #root, the stylesheet inline, and brotli/gzip bodies of it', async () => {
    const site = new StaticSite(distDir(), (html) => html.replace('<head>', '<head><meta x>'), {
      'X-Frame-Options': 'DENY',
    });
    await site.addRenderedPage('/about', `<main>${'About us. '.repeat(200)}</main>`);
    const plain = site.respond('/about', { acceptEncoding: '' });
    const text = plain.body?.toString('utf8') ?? '';
    expect(text).toContain('<div id="root"><main>About us.');
    expect(text).toContain('<style>body{color:red}');
    expect(text).toContain('<meta x>');
    expect(plain.headers['X-Frame-Options']).toBe('DENY');
    const br = site.respond('/about', { acceptEncoding: 'br' });
    expect(br.headers['Content-Encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body as Buffer).toString('utf8')).toBe(text);
    const gz = site.respond('/about', { acceptEncoding: 'gzip' });
    expect(zlib.gunzipSync(gz.body as Buffer).toString('utf8')).toBe(text);
    // Other paths still get the shell.
    expect(site.respond('/elsewhere', { acceptEncoding: '' }).body?.toString()).toContain(
      '<div id="root"></div>',
    );
  });
});
