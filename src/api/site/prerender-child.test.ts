import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicConfig } from '@/shared/public-config.ts';
import { BROTLI_BEST, compressHere, GZIP_BEST } from './compress-best.ts';
import { startRenderer } from './prerender-child.ts';
import { StaticSite } from './static-site.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-renderer-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const entry = () =>
  path.join(
    tempDir({ 'entry-server.js': `export const renderPage = async (p) => '<h1>' + p + '</h1>';` }),
    'entry-server.js',
  );

/** A built site: the shell and a stylesheet large enough to be inlined and compressed. */
const site = (dir: string) => new StaticSite(dir, (html) => html, { 'X-Frame-Options': 'DENY' });
const distDir = () =>
  tempDir({
    'index.html':
      '<html><head><link rel="stylesheet" href="/assets/app.css"></head><body><div id="root"></div></body></html>',
    'assets/app.css': `body{color:red}${'p{margin:0}'.repeat(300)}`,
  });

describe('the prerender child process', () => {
  it('renders the pages, then compresses bodies to the same bytes as this process, and exits when closed', async () => {
    const renderer = startRenderer(entry(), ['/', '/about'], {} as PublicConfig);
    const rendered = [];
    for await (const page of renderer.pages) rendered.push(page);
    expect(rendered).toEqual([
      { page: '/', html: '<h1>/</h1>' },
      { page: '/about', html: '<h1>/about</h1>' },
    ]);
    const body = Buffer.from(`<main>${'Hello, world. '.repeat(500)}</main>`);
    const { br, gz } = await renderer.compress(body);
    expect(br.equals(zlib.brotliCompressSync(body, BROTLI_BEST))).toBe(true);
    expect(gz.equals(zlib.gzipSync(body, GZIP_BEST))).toBe(true);
    renderer.close();
    await renderer.exited;
    await expect(renderer.compress(body)).rejects.toThrow('exited');
  });

  it('gives a rendered page the same bodies, ETags and headers as compressing in this process', async () => {
    const dir = distDir();
    const here = site(dir);
    const there = site(dir);
    const renderer = startRenderer(entry(), [], {} as PublicConfig);
    const html = `<main>${'About us. '.repeat(200)}</main>`;
    await here.addRenderedPage('/about', html, compressHere);
    await there.addRenderedPage('/about', html, renderer.compress);
    renderer.close();
    for (const acceptEncoding of ['', 'br', 'gzip']) {
      const a = here.respond('/about', { acceptEncoding });
      const b = there.respond('/about', { acceptEncoding });
      expect(b.headers).toEqual(a.headers);
      expect(b.body?.equals(a.body as Buffer)).toBe(true);
    }
    expect(there.respond('/about', { acceptEncoding: 'br' }).headers['Content-Encoding']).toBe(
      'br',
    );
    await renderer.exited;
  });

  it('reports a renderer that fails to load, and ends', async () => {
    const broken = path.join(
      tempDir({ 'entry-server.js': 'throw new Error("nope")' }),
      'entry-server.js',
    );
    const renderer = startRenderer(broken, ['/'], {} as PublicConfig);
    const rendered = [];
    for await (const page of renderer.pages) rendered.push(page);
    expect(rendered).toEqual([{ page: '*', error: 'nope' }]);
    renderer.close();
    await renderer.exited;
  });
});
