import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '@/shared/public-config.ts';
import type { Compress } from './compress-best.ts';
import { PRERENDERED_PAGES, prerenderPublicPages } from './prerender.ts';
import type { StaticSite } from './static-site.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A stand-in server build that counts its renders in `renders.log` next to it. */
function build(version: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-prerender-cache-'));
  dirs.push(dir);
  const ssrDir = path.join(dir, 'web-ssr');
  fs.mkdirSync(ssrDir);
  const entry = path.join(ssrDir, 'entry-server.js');
  const log = path.join(dir, 'renders.log');
  const write = (v: string) =>
    fs.writeFileSync(
      entry,
      `import fs from 'node:fs';
export async function renderPage(p) {
  fs.appendFileSync(${JSON.stringify(log)}, p + '\\n');
  return '<p>' + p + ' ${v}</p>';
}`,
    );
  write(version);
  const renders = () =>
    fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').length - 1 : 0;
  return { ssrDir, cacheFile: path.join(dir, 'cache', 'prerendered.json'), renders, write };
}

/** A site that keeps each page's HTML and brotli body; `shell` stands for the rest of the page. */
function site(shell = '') {
  const pages = new Map<string, { html: string; br: Buffer }>();
  const s = {
    addRenderedPage: async (p: string, html: string, compress: Compress) => {
      const body = Buffer.from(shell + html);
      pages.set(p, { html, br: (await compress(body)).br });
    },
  };
  return { site: s as unknown as StaticSite, pages };
}

const logger = { warn: vi.fn(), debug: vi.fn() };
const publicConfig = { productName: 'Upsider Test' } as PublicConfig;

describe('prerendered pages kept between starts', () => {
  it('a restart with the same build and config adds the kept pages without rendering', async () => {
    const b = build('v1');
    const opts = { ssrDir: b.ssrDir, cacheFile: b.cacheFile, publicConfig, logger };
    await prerenderPublicPages(site().site, opts);
    expect(b.renders()).toBe(PRERENDERED_PAGES.length);
    const again = site();
    expect(await prerenderPublicPages(again.site, opts)).toEqual(PRERENDERED_PAGES);
    expect(b.renders()).toBe(PRERENDERED_PAGES.length);
    const home = again.pages.get('/');
    expect(home?.html).toBe('<p>/ v1</p>');
    expect(zlib.brotliDecompressSync(home?.br as Buffer).toString()).toBe('<p>/ v1</p>');
  });

  it('renders anew when the server build changed, the config changed or the page around it did', async () => {
    const b = build('v1');
    const opts = { ssrDir: b.ssrDir, cacheFile: b.cacheFile, publicConfig, logger };
    await prerenderPublicPages(site().site, opts);
    const n = PRERENDERED_PAGES.length;

    b.write('v2');
    const changed = site();
    await prerenderPublicPages(changed.site, opts);
    expect(b.renders()).toBe(2 * n);
    expect(changed.pages.get('/')?.html).toBe('<p>/ v2</p>');

    await prerenderPublicPages(site().site, {
      ...opts,
      publicConfig: { productName: 'Other' } as PublicConfig,
    });
    expect(b.renders()).toBe(3 * n);

    // Same HTML, another shell: the kept compressed bodies are not this page's.
    const reshelled = site('<header>new</header>');
    await prerenderPublicPages(reshelled.site, {
      ...opts,
      publicConfig: { productName: 'Other' } as PublicConfig,
    });
    expect(b.renders()).toBe(4 * n);
    const br = reshelled.pages.get('/')?.br as Buffer;
    expect(zlib.brotliDecompressSync(br).toString()).toBe('<header>new</header><p>/ v2</p>');
  });

  it('renders each time without a cache file, and survives an unreadable one', async () => {
    const b = build('v1');
    await prerenderPublicPages(site().site, { ssrDir: b.ssrDir, publicConfig, logger });
    await prerenderPublicPages(site().site, { ssrDir: b.ssrDir, publicConfig, logger });
    expect(b.renders()).toBe(2 * PRERENDERED_PAGES.length);
    fs.mkdirSync(path.dirname(b.cacheFile), { recursive: true });
    fs.writeFileSync(b.cacheFile, '{not json');
    const opts = { ssrDir: b.ssrDir, cacheFile: b.cacheFile, publicConfig, logger };
    expect(await prerenderPublicPages(site().site, opts)).toEqual(PRERENDERED_PAGES);
    expect(b.renders()).toBe(3 * PRERENDERED_PAGES.length);
  });
});
