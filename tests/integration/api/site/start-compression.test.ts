import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { StaticSite } from '@/api/site/static-site.ts';
import { uncompressed } from '../../../../scripts/compress-dist.mjs';
import { compressInBackground } from '../../../../scripts/start-build.mjs';

/**
 * `npm start` after a build serves quickly compressed assets at once and makes the best ones
 * in a background process at the lowest priority, which the next start reads (decision 0065).
 */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A checkout with a built dist/web: the shell, a big script and a small one. */
function checkout() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-start-compress-'));
  dirs.push(root);
  fs.mkdirSync(path.join(root, 'dist/web/assets'), { recursive: true });
  fs.mkdirSync(path.join(root, 'scripts'));
  fs.copyFileSync(
    path.resolve(import.meta.dirname, '../../../../scripts/compress-dist.mjs'),
    path.join(root, 'scripts/compress-dist.mjs'),
  );
  const big = `export const words = ${JSON.stringify('upsider '.repeat(4000))};\n`;
  fs.writeFileSync(path.join(root, 'dist/web/index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(root, 'dist/web/assets/app.js'), big);
  fs.writeFileSync(path.join(root, 'dist/web/assets/tiny.js'), 'export {};');
  return { root, web: path.join(root, 'dist/web'), big };
}

describe('best compression after the start', () => {
  it('serves a quickly compressed body before the best one exists', () => {
    const { web, big } = checkout();
    const site = new StaticSite(web, (h) => h, {});
    const br = site.respond('/assets/app.js', { acceptEncoding: 'br' });
    expect(br.headers['Content-Encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body as Buffer).toString()).toBe(big);
  });

  it('compresses in a background process at the lowest priority, once', async () => {
    const { root, web, big } = checkout();
    const app = path.join(web, 'assets/app.js');
    expect(uncompressed(web)).toEqual([app]);
    const started = compressInBackground(root);
    if (!started) throw new Error('nothing to compress');
    expect(os.getPriority(started.child.pid)).toBe(os.constants.priority.PRIORITY_LOW);
    expect(await started.done).toBe(0);
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${app}.br`)).toString()).toBe(big);
    expect(zlib.gunzipSync(fs.readFileSync(`${app}.gz`)).toString()).toBe(big);
    // No temporary file left where the site would serve it.
    expect(fs.readdirSync(path.join(web, 'assets')).sort()).toEqual([
      'app.js',
      'app.js.br',
      'app.js.gz',
      'tiny.js',
    ]);
    expect(compressInBackground(root)).toBeNull();
    // The next start reads them rather than compressing again.
    const site = new StaticSite(web, (h) => h, {});
    const served = site.respond('/assets/app.js', { acceptEncoding: 'br' }).body as Buffer;
    expect(served.equals(fs.readFileSync(`${app}.br`))).toBe(true);
  });

  it('compresses again a file rebuilt after its copies were made', async () => {
    const { root, web } = checkout();
    await compressInBackground(root)?.done;
    const app = path.join(web, 'assets/app.js');
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(app, later, later);
    expect(uncompressed(web)).toEqual([app]);
  });
});
