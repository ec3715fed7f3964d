import { and, desc, eq, sql } from 'drizzle-orm';
import { agentInbox, evidenceRecords, tokenAnalyses } from '../../db/schema/index.ts';
import type { ApiDeps } from '../deps.ts';
import { STATIC_PAGES } from './share-page.ts';

/** Per kind: a sitemap holds up to 50,000 URLs (sitemaps.org); the newest records first. */
const PER_KIND = 5_000;
const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * sitemap.xml (sitemaps.org 0.9): the fixed public pages, then the newest receipts of posts on X,
 * fingerprinted posts and published analyses. Signed-in pages (dashboard, settings, console)
 * are left out: a crawler sees only their sign-in prompt.
 */
export async function sitemapXml(deps: Pick<ApiDeps, 'db'>, base: string): Promise<string> {
  const [receipts, evidence, analyses] = await Promise.all([
    deps.db
      .select({ id: agentInbox.postId, at: agentInbox.receivedAt })
      .from(agentInbox)
      .where(
        and(
          eq(agentInbox.source, 'x'),
          eq(agentInbox.status, 'done'),
          // An ignored post has no receipt (agent/receipts/get-receipt.ts).
          sql`${agentInbox.outcome}->>'kind' <> 'ignored'`,
        ),
      )
      .orderBy(desc(agentInbox.receivedAt))
      .limit(PER_KIND),
    deps.db
      .select({ id: evidenceRecords.tweetId, at: evidenceRecords.createdAt })
      .from(evidenceRecords)
      .where(eq(evidenceRecords.state, 'submitted'))
      .orderBy(desc(evidenceRecords.createdAt))
      .limit(PER_KIND),
    deps.db
      .select({ id: tokenAnalyses.id, at: tokenAnalyses.createdAt })
      .from(tokenAnalyses)
      .where(eq(tokenAnalyses.state, 'published'))
      .orderBy(desc(tokenAnalyses.createdAt))
      .limit(PER_KIND),
  ]);
  const url = (path: string, at?: Date) =>
    `<url><loc>${escapeXml(base + path)}</loc>${at ? `<lastmod>${at.toISOString()}</lastmod>` : ''}</url>`;
  const urls = [
    ...Object.keys(STATIC_PAGES).map((p) => url(p)),
    url('/leaderboard?period=all-time'),
    ...receipts.map((r) => url(`/receipts/${encodeURIComponent(r.id)}`, r.at)),
    ...evidence.map((e) => url(`/digital-evidence/tweet/${e.id}`, e.at)),
    ...analyses.map((a) => url(`/analyses/${a.id}`, a.at)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
