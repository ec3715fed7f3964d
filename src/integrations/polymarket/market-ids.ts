import type { GammaMarket } from './schemas.ts';

/**
 * A Gamma market's outcome ids, in the order of its `outcomes`. Polymarket's Protocol V2
 * migration guide (docs.polymarket.com/migrate/polymarket-v2/api-integrations) has the market's
 * `version` choose the field, even when both are present: `"v2"` → `positionIds` (an array of
 * decimal strings), `"v1"` → `clobTokenIds` (a JSON-encoded array). Markets from before the
 * field existed carry no version and are V1. An unknown version gives no ids: the product then
 * prices the position from the Data API alone instead of guessing.
 */
export function outcomeIds(market: GammaMarket): string[] {
  const version = market.version ?? 'v1';
  if (version === 'v2') return market.positionIds ?? [];
  if (version !== 'v1') return [];
  try {
    const ids: unknown = JSON.parse(market.clobTokenIds ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
