import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { PublicConfig } from '../../shared/public-config.ts';

const CONFIG_PLACEHOLDER = '<!--app-config-->';

/** Embeds the public config as a JSON data block (not executed, so CSP allows it). */
export function renderIndexHtml(template: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return template.replace(
    CONFIG_PLACEHOLDER,
    `<script id="app-config" type="application/json">${json}</script>`,
  );
}

/**
 * Serves the built SPA from `distDir`: hashed assets with immutable caching (precompressed
 * .br/.gz chosen by Accept-Encoding), and index.html with status 200 for every other GET,
 * so client-side routes and unknown paths land on the app.
 */
export function spaRoutes(distDir: string, config: PublicConfig) {
  const app = new Hono();
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.get('*', (c) =>
      c.text('The web app is not built. Run `npm run build` (npm start does it for you).', 503),
    );
    return app;
  }
  const html = renderIndexHtml(fs.readFileSync(indexPath, 'utf8'), config);
  const root = path.relative(process.cwd(), distDir);

  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.use(
    '*',
    serveStatic({
      root,
      precompressed: true,
      rewriteRequestPath: (p) => (p === '/' || p.endsWith('.html') ? '/__none__' : p),
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=3600');
      },
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  return app;
}
