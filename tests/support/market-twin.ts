import { createMarketClient } from '@/integrations/market/index.ts';
import type { AppDeps } from '@/main/deps.ts';
import { createMarketSandbox, MARKET_SANDBOX_PATH } from '@/sandbox/market/service.ts';

/** The local market twin served in-process, and a market client pointed at it (no cache). */
export function startMarketTwin(deps: AppDeps) {
  const publicUrl = 'http://market.test';
  const twin = createMarketSandbox({ now: deps.now, publicUrl });
  const fetchTwin = async (url: string, init?: RequestInit) =>
    twin.app.request(url.replace(`${publicUrl}${MARKET_SANDBOX_PATH}`, ''), init);
  const client = createMarketClient({
    ...deps.config.market,
    baseUrl: `${publicUrl}${MARKET_SANDBOX_PATH}/api/v3`,
    cacheMs: 0,
    now: deps.now,
    fetch: fetchTwin,
  });
  return {
    client,
    async setPrice(body: { usd: number; driftPercent?: number; staleSeconds?: number }) {
      const res = await fetchTwin(`${publicUrl}${MARKET_SANDBOX_PATH}/_admin/price`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`set price: ${res.status}`);
    },
  };
}
