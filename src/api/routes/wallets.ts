import { type Context, Hono } from 'hono';
import type { PublishedRanking, RankingStore } from '../../core/holders/published-ranking.ts';
import { errorBody } from '../../server/http/error-handler.ts';
import type { HolderNetwork } from '../../shared/holders/constants.ts';

/** How often a process that has no ranking in memory looks in the database again. */
const RELOAD_MS = 5_000;

/**
 * `GET /api/wallets` (Constellation) and `GET /api/base-wallets` (Base): the precomputed body,
 * a strong ETag (`If-None-Match` → 304), and the figures' age. Never waits on a chain: the
 * indexers publish into the store; this only reads it (or, once in a while, the database).
 */
export function walletsRoutes(deps: { holders: RankingStore; now: () => Date }) {
  const lastLoad = new Map<HolderNetwork, number>();
  const ranking = async (network: HolderNetwork) => {
    const inMemory = deps.holders.get(network);
    if (inMemory) return inMemory;
    const now = deps.now().getTime();
    if (now - (lastLoad.get(network) ?? 0) < RELOAD_MS) return null;
    lastLoad.set(network, now);
    return deps.holders.load(network);
  };
  const serve = (network: HolderNetwork) => async (c: Context) => {
    const r = await ranking(network);
    if (!r) {
      const message = 'The wallet ranking is not ready yet; try again shortly';
      return c.json(errorBody('not_ready', message), 503, { 'retry-after': '5' });
    }
    return sendRanking(c, r, deps.now());
  };
  return new Hono().get('/wallets', serve('constellation')).get('/base-wallets', serve('base'));
}

function sendRanking(c: Context, r: PublishedRanking, now: Date) {
  const headers: Record<string, string> = {
    etag: r.etag,
    'cache-control': 'no-cache',
    'x-data-age-seconds': String(
      Math.max(0, Math.floor((now.getTime() - r.asOf.getTime()) / 1000)),
    ),
  };
  // The chain could not be read on the last try: these are the last good figures.
  if (r.lastError) headers['x-data-stale'] = 'true';
  const match = c.req.header('if-none-match');
  if (match?.split(',').some((t) => t.trim() === r.etag)) {
    return c.body(null, 304, headers);
  }
  return c.body(r.body, 200, { ...headers, 'content-type': 'application/json' });
}
