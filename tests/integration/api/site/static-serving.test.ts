import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '@/api/app.ts';
import { createNodeListener } from '@/api/site/node-listener.ts';
import { createTestApp } from '../../../support/test-app.ts';

// The built app (npm run build); the suite says so instead of passing vacuously.
const distDir = path.resolve('dist/web');
const built = fs.existsSync(path.join(distDir, 'index.html'));
const anAsset = () =>
  fs.readdirSync(path.join(distDir, 'assets')).find((f) => f.endsWith('.js') && !f.endsWith('.br'));

describe.skipIf(!built)(
  'static site from memory (through the app and the server fast path)',
  () => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    let server: Server;
    let origin = '';
    beforeAll(async () => {
      t = await createTestApp();
      server = createServer(createNodeListener(t.app.fetch, loadSite(t.deps, distDir)));
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const addr = server.address();
      origin = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    });
    afterAll(async () => {
      server.close();
      await t.close();
    });

    const both = (p: string, headers: Record<string, string> = {}) =>
      Promise.all([t.app.request(p, { headers }), fetch(`${origin}${p}`, { headers })]);

    it('serves HTML with a strong ETag, no-cache, the page headers, and 304 on a match', async () => {
      for (const res of await both('/how-it-works', { 'accept-encoding': 'identity' })) {
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('text/html');
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
        const etag = res.headers.get('etag') ?? '';
        expect(etag).toMatch(/^"[^"]+"$/);
        expect(await res.text()).toContain('id="app-config"');
        for (const again of await both('/how-it-works', { 'if-none-match': etag })) {
          expect(again.status).toBe(304);
        }
      }
    });

    it('serves hashed assets immutable, precompressed, with ETag/304 and no page headers', async () => {
      const asset = `/assets/${anAsset()}`;
      for (const res of await both(asset, { 'accept-encoding': 'gzip, deflate, br' })) {
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(res.headers.get('content-type')).toContain('text/javascript');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('content-security-policy')).toBeNull();
        const etag = res.headers.get('etag') ?? '';
        expect(etag).toMatch(/^"[^"]+"$/);
        for (const again of await both(asset, { 'if-none-match': etag })) {
          expect(again.status).toBe(304);
        }
      }
      const big = fs
        .readdirSync(path.join(distDir, 'assets'))
        .find((f) => fs.existsSync(path.join(distDir, 'assets', `${f}.br`)));
      const [viaApp] = await both(`/assets/${big}`, { 'accept-encoding': 'br' });
      expect(viaApp.headers.get('content-encoding')).toBe('br');
    });

    it('answers a missing asset with 404 and an API path from the API', async () => {
      for (const res of await both('/assets/nope-123.js')) expect(res.status).toBe(404);
      for (const res of await both('/api/health')) {
        expect(res.status).toBe(200);
        expect(res.headers.get('content-security-policy')).toBeNull();
      }
    });
  },
);
