import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { CardSpec } from '@/core/share-cards/render-card.ts';
import type { ApiDeps } from '../deps.ts';
import { matchesEtag } from '../http/cached-json.ts';
import { shareRecordOrGeneric } from './resolve.ts';

/**
 * Drawn cards by their content: the ETag is the hash of what the card says, so a record's card
 * is drawn once per version of its figures (a receipt going from pending to confirmed is a new
 * card), and a client or X's crawler holding it gets a 304 without any drawing.
 */
export class CardCache {
  private readonly pngs = new Map<string, Buffer>();
  constructor(private readonly max = 200) {}

  static etagOf(card: CardSpec): string {
    return `"card-${createHash('sha256').update(JSON.stringify(card)).digest('base64url').slice(0, 22)}"`;
  }

  async png(etag: string, card: CardSpec): Promise<Buffer> {
    let png = this.pngs.get(etag);
    if (png) return png;
    // Loaded with the first card drawn, not at start: the canvas binding (Skia, a 35 MB native
    // library) is no part of what readiness waits for (decisions 0025, 0081).
    const { renderCard } = await import('@/core/share-cards/render-card.ts');
    png = renderCard(card);
    if (this.pngs.size >= this.max) {
      const oldest = this.pngs.keys().next().value;
      if (oldest !== undefined) this.pngs.delete(oldest);
    }
    this.pngs.set(etag, png);
    return png;
  }
}

/**
 * GET /api/cards/{receipt|evidence|analysis|leaderboard|page}/{id}.png — the 1200×630 card a
 * page's og:image names. An unknown record answers the generic card (200), never an error: a
 * link preview should show the site rather than nothing.
 */
export function cardRoutes(deps: ApiDeps, cache = new CardCache()) {
  return new Hono().get('/:kind/:file{.+\\.png}', async (c) => {
    const id = c.req.param('file').slice(0, -'.png'.length);
    const page = await shareRecordOrGeneric(deps, c.req.param('kind'), id);
    const etag = CardCache.etagOf(page.card);
    const headers = {
      'Content-Type': 'image/png',
      // Five minutes fresh, then revalidated by ETag: a pending receipt's card changes.
      'Cache-Control': 'public, max-age=300',
      ETag: etag,
    };
    if (matchesEtag(c.req.header('if-none-match'), etag)) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(new Uint8Array(await cache.png(etag, page.card)), { status: 200, headers });
  });
}
