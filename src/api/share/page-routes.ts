import { Hono } from 'hono';
import type { ApiDeps } from '../deps.ts';
import { respondWith, type StaticSite } from '../site/static-site.ts';
import { headTags } from './head-tags.ts';
import { type CardKind, shareRecordOrGeneric } from './resolve.ts';
import { sitemapXml } from './sitemap.ts';

/** The record pages whose head is the record's own: path pattern → the card kind. */
const RECORD_PAGES: [pattern: string, kind: CardKind][] = [
  ['/receipts/:id', 'receipt'],
  ['/digital-evidence/tweet/:id', 'evidence'],
  ['/analyses/:id', 'analysis'],
];

/** True for the URLs these routes answer (the server's fast path hands them to the app). */
export function isSharePath(url: string): boolean {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return (
    path === '/robots.txt' ||
    path === '/sitemap.xml' ||
    /^\/(receipts|analyses)\/[^/]+\/?$/.test(path) ||
    /^\/digital-evidence\/tweet\/[^/]+\/?$/.test(path) ||
    (path === '/leaderboard' && q !== -1)
  );
}

/**
 * Record pages served with their own title, description, canonical URL and card (issue 43 §4),
 * the leaderboard's tabs (`?period=`), robots.txt and sitemap.xml. Mounted before the SPA.
 */
export function sharePageRoutes(deps: ApiDeps, site: StaticSite | null) {
  const app = new Hono();
  if (!site) return app;
  const base = deps.config.publicUrl.replace(/\/+$/, '');
  const answer = async (c: import('hono').Context, kind: CardKind, id: string) => {
    const page = await shareRecordOrGeneric(deps, kind, id);
    const file = await site.pageWithHead(
      headTags(page, deps.config.publicUrl, deps.config.publicConfig.agentHandle),
    );
    const r = respondWith(file, {
      acceptEncoding: c.req.header('accept-encoding'),
      ifNoneMatch: c.req.header('if-none-match'),
    });
    const body = c.req.method === 'HEAD' || !r.body ? null : new Uint8Array(r.body);
    return new Response(body, { status: r.status, headers: r.headers });
  };
  for (const [pattern, kind] of RECORD_PAGES) {
    app.on(['GET', 'HEAD'], pattern, (c) => answer(c, kind, c.req.param('id') ?? ''));
  }
  app.on(['GET', 'HEAD'], '/leaderboard', async (c, next) => {
    const period = c.req.query('period');
    if (period === 'all-time' || period === 'monthly') return answer(c, 'leaderboard', period);
    return next();
  });
  app.get('/robots.txt', (c) =>
    c.text(
      `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /sandbox/\n\nSitemap: ${base}/sitemap.xml\n`,
    ),
  );
  app.get('/sitemap.xml', async (c) => {
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(await sitemapXml(deps, base));
  });
  return app;
}
