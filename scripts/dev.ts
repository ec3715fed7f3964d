// `npm run dev`: one port, hot reload. API and sandbox requests go to the Hono app (restarted by
// `tsx watch`), everything else to Vite in middleware mode, with the app config embedded in
// index.html exactly as the production server does.
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createServer as createViteServer } from 'vite';
import { renderIndexHtml } from '@/api/site/spa.ts';
import { bootstrap } from '@/main/bootstrap.ts';
import { loadConfigOrExit } from '@/main/config.ts';

const config = loadConfigOrExit({ NODE_ENV: 'development', ...process.env });
const { app, logger } = await bootstrap(config);
const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' });
const api = getRequestListener(app.fetch);

const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  if (url.startsWith('/api/') || url.startsWith('/sandbox')) return void api(req, res);
  vite.middlewares(req, res, async () => {
    const template = await vite.transformIndexHtml(url, await readIndex());
    res.setHeader('Content-Type', 'text/html');
    res.end(renderIndexHtml(template, config.publicConfig));
  });
});

async function readIndex() {
  const fs = await import('node:fs/promises');
  return fs.readFile(new URL('../src/web/index.html', import.meta.url), 'utf8');
}

server.listen(config.port, config.host, () => {
  logger.info(`dev server at ${config.publicUrl}`);
});
