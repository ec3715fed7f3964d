import { useQuery } from '@tanstack/react-query';
import { portfolioResponseSchema, valueHistorySchema } from '@/shared/portfolio';

async function getJson(url: string, signal: AbortSignal): Promise<unknown> {
  const res = await fetch(url, { credentials: 'include', signal });
  if (!res.ok) {
    const body = await res.text().catch(() => '');
    throw new Error(`${res.status}: ${body || res.statusText}`);
  }
  return res.json();
}

/** Spec §7: the query key carries the version marker v2; refetched every 30 s, stale at once. */
export function usePortfolio() {
  return useQuery({
    queryKey: ['/api/polymarket/portfolio', 'v2'],
    queryFn: async ({ signal }) =>
      portfolioResponseSchema.parse(await getJson('/api/polymarket/portfolio', signal)),
    refetchInterval: 30_000,
    staleTime: 0,
  });
}

/** The stored portfolio value points of the last 30 days (one per refresh). */
export function useValueHistory() {
  return useQuery({
    queryKey: ['/api/polymarket/value-history'],
    queryFn: async ({ signal }) =>
      valueHistorySchema.parse(await getJson('/api/polymarket/value-history', signal)).points,
    refetchInterval: 5 * 60_000,
  });
}
