import { and, desc, eq, sql } from 'drizzle-orm';
import { agentInbox, evidenceRecords, tokenAnalyses } from '@/db/schema/index.ts';
import type { ApiDeps } from '../deps.ts';
import { STATIC_PAGES } from './share-page.ts';

/** Per kind: a sitemap holds up to 50,000 URLs (sitemaps.org); the newest records first. */
const PER_KIND = 5_000;
const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The records a sitemap lists, newest first: each kind's page, its table, and which rows are public. */
const RECORD_KINDS = [
  {
    // An ignored post has no receipt (agent/receipts/get-receipt.ts).
    page: (id: string) => `/receipts/${encodeURIComponent(id)}`,
    table: agentInbox,
    id: agentInbox.postId,
    at: agentInbox.receivedAt,
    public: and(
      eq(agentInbox.source, 'x'),
      eq(agentInbox.status, 'done'),
      sql`${agentInbox.outcome}->>'kind' <> 'ignored'`,
    ),
  },
  {
    page: (id: string) => `/digital-evidence/tweet/${id}`,
    table: evidenceRecords,
    id: evidenceRecords.tweetId,
    at: evidenceRecords.createdAt,
    public: eq(evidenceRecords.state, 'submitted'),
  },
  {
    page: (id: string) => `/analyses/${id}`,
    table: tokenAnalyses,
    id: tokenAnalyses.id,
    at: tokenAnalyses.createdAt,
    public: eq(tokenAnalyses.state, 'published'),
  },
] as const;

/**
 * sitemap.xml (sitemaps.org 0.9): the fixed public pages, then the newest receipts of posts on X,
 * fingerprinted posts and published analyses. Signed-in pages (dashboard, settings, console)
 * are left out: a crawler sees only their sign-in prompt.
 */
export async function sitemapXml(deps: Pick<ApiDeps, 'db'>, base: string): Promise<string> {
  const url = (path: string, at?: Date) =>
    `<url><loc>${escapeXml(base + path)}</loc>${at ? `<lastmod>${at.toISOString()}</lastmod>` : ''}</url>`;
  const records = await Promise.all(
    RECORD_KINDS.map(async (kind) => {
      const rows = await deps.db
        .select({ id: sql<string>`${kind.id}::text`, at: kind.at })
        .from(kind.table)
        .where(kind.public)
        .orderBy(desc(kind.at))
        .limit(PER_KIND);
      return rows.map((r) => url(kind.page(r.id), r.at));
    }),
  );
  const urls = [
    ...Object.keys(STATIC_PAGES).map((p) => url(p)),
    url('/leaderboard?period=all-time'),
    ...records.flat(),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
