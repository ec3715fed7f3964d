import { type Context, Hono } from 'hono';
import { listToServe, type RankingStore } from '@/core/holders/published-ranking.ts';
import type { HolderNetwork } from '@/shared/holders/constants.ts';
import type { WalletList } from '@/shared/holders/wallet-list.ts';
import { type CachedJson, createCachedJson } from '../http/cached-json.ts';
import type { FastJsonRoutes } from '../http/fast-json.ts';

/** How often a process without a ranking in memory looks in the database again. */
const RELOAD_MS = 5_000;

/**
 * `GET /api/wallets` (Constellation) and `GET /api/base-wallets` (Base), served by cached-json:
 * the indexers publish into the ranking store; the pre-serialized body, strong ETag (304s) and
 * `Age` come from there. Requests never wait on a chain. The body's `asOf` is where the figures
 * last changed, so new snapshots/blocks that move none keep the ETag (decision 0010). While the
 * chain cannot be read the last good body stays served and its `Age` grows; after a minute of
 * failed reads the body says since when (`unreadableSince`), and the page says so.
 */
export function walletsRoutes(
  deps: { holders: RankingStore; now: () => Date },
  polls?: FastJsonRoutes,
) {
  const endpoint = (network: HolderNetwork, name: string): CachedJson => {
    let lastLoad = 0;
    const cached: CachedJson = createCachedJson({
      name,
      now: deps.now,
      compute: async (): Promise<WalletList> => {
        let r = deps.holders.get(network);
        if (!r && deps.now().getTime() - lastLoad >= RELOAD_MS) {
          lastLoad = deps.now().getTime();
          r = await deps.holders.load(network);
        }
        if (!r) throw new Error(`${name}: no ranking yet`);
        const served = listToServe(r, deps.now());
        // Keep the stored body and let its Age grow while the failure may be a blip.
        if (served === 'keep' && cached.peek()) throw new Error(`${name}: ${r.lastError}`);
        return served === 'keep' ? r.list : served;
      },
    });
    return cached;
  };
  const constellation = endpoint('constellation', 'Constellation wallet ranking');
  const base = endpoint('base', 'Base wallet ranking');
  polls?.add('/api/wallets', constellation);
  polls?.add('/api/base-wallets', base);
  deps.holders.onChange((network) => (network === 'base' ? base : constellation).refresh());
  // Until a first body exists, each request may pick up a ranking published since.
  const respond = async (cached: CachedJson, c: Context) => {
    if (!cached.peek()) await cached.refresh();
    return cached.respond(c);
  };
  return new Hono()
    .get('/wallets', (c) => respond(constellation, c))
    .get('/base-wallets', (c) => respond(base, c));
}
