import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '@/shared/public-config.ts';
import { waitRealMs } from '../../../tests/support/real-time.ts';
import type { Compress } from './compress-best.ts';
import { PRERENDERED_PAGES, prerenderPublicPages } from './prerender.ts';
import type { StaticSite } from './static-site.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A stand-in server build: renders the path and the config it was handed; fails on /terms. */
function ssrDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-ssr-'));
  dirs.push(dir);
  fs.writeFileSync(
    path.join(dir, 'entry-server.js'),
    `globalThis.__LOADED_IN_THIS_THREAD__ = true;
export async function renderPage(p) {
  if (p === '/terms-of-service') throw new Error('boom');
  return '<p>' + p + ' ' + globalThis.__UPSIDER_PUBLIC_CONFIG__.productName + '</p>';
}`,
  );
  return dir;
}

describe('prerenderPublicPages', () => {
  it('adds each rendered page with the public config, logs the failed one, and leaves the renderer out of this thread', async () => {
    const pages = new Map<string, string>();
    const brotli = new Map<string, Buffer>();
    const site = {
      addRenderedPage: async (p: string, html: string, compress: Compress) => {
        pages.set(p, html);
        brotli.set(p, (await compress(Buffer.from(html))).br);
      },
    };
    const logger = { warn: vi.fn(), debug: vi.fn() };
    const done = await prerenderPublicPages(site as unknown as StaticSite, {
      ssrDir: ssrDir(),
      publicConfig: { productName: 'Upsider Test' } as PublicConfig,
      logger: logger as never,
    });
    const expected = PRERENDERED_PAGES.filter((p) => p !== '/terms-of-service');
    expect(done).toEqual(expected);
    expect([...pages.keys()]).toEqual(expected);
    expect(pages.get('/')).toBe('<p>/ Upsider Test</p>');
    // Compressed by the renderer's child process, not here (compress-best.ts).
    expect(zlib.brotliDecompressSync(brotli.get('/') as Buffer).toString()).toBe(pages.get('/'));
    expect(logger.warn).toHaveBeenCalledWith(
      { page: '/terms-of-service', err: 'boom' },
      'page not prerendered',
    );
    // Rendered in a child process that has exited: none of the web app's modules stay here.
    expect((globalThis as Record<string, unknown>).__LOADED_IN_THIS_THREAD__).toBeUndefined();
    expect((globalThis as Record<string, unknown>).__UPSIDER_PUBLIC_CONFIG__).toBeUndefined();
  });

  it('waits for a server build still being made, and renders only after the start-up (decision 0069)', async () => {
    const dir = ssrDir();
    const entry = fs.readFileSync(path.join(dir, 'entry-server.js'));
    fs.rmSync(path.join(dir, 'entry-server.js'));
    let built = () => {};
    const serverRenderBuild = new Promise<void>((resolve) => {
      built = () => {
        fs.writeFileSync(path.join(dir, 'entry-server.js'), entry);
        resolve();
      };
    });
    let startedUp = () => {};
    const renderAfter = new Promise<void>((resolve) => {
      startedUp = resolve;
    });
    const added: string[] = [];
    const site = { addRenderedPage: async (p: string) => void added.push(p) };
    const logger = { warn: vi.fn(), debug: vi.fn() };
    const done = prerenderPublicPages(site as unknown as StaticSite, {
      ssrDir: dir,
      publicConfig: { productName: 'Upsider Test' } as PublicConfig,
      logger: logger as never,
      serverRenderBuild,
      renderAfter,
    });
    built();
    await waitRealMs(
      300,
      'process: a renderer child started too early would need this long to add a page',
    );
    // The build is there, but the start-up is not done: nothing rendered yet, nothing missing.
    expect(added).toEqual([]);
    expect(logger.warn).not.toHaveBeenCalledWith(
      expect.anything(),
      expect.stringContaining('no server build'),
    );
    startedUp();
    expect(await done).toHaveLength(PRERENDERED_PAGES.length - 1);
  });

  it('renders nothing without a server build', async () => {
    const logger = { warn: vi.fn(), debug: vi.fn() };
    const done = await prerenderPublicPages({} as StaticSite, {
      ssrDir: path.join(os.tmpdir(), 'no-such-ssr-dir'),
      publicConfig: {} as PublicConfig,
      logger: logger as never,
    });
    expect(done).toEqual([]);
    expect(logger.warn).toHaveBeenCalledOnce();
  });
});
