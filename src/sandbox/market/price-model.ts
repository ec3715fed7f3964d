/**
 * The local market's UP/USD price: an anchor the admin sets, drifting slowly and smoothly around
 * it (±3% over a 6-hour cycle) so quotes made minutes apart differ a little, like a real market.
 * `frozenAt` pins last_updated_at to a past time to simulate a stale feed.
 */
export interface PriceModel {
  anchorUsd: number;
  anchorAt: number;
  driftPercent: number;
  frozenAt: number | null;
}

const CYCLE_MS = 6 * 60 * 60 * 1000;

export function priceAt(model: PriceModel, nowMs: number): number {
  const phase = ((nowMs - model.anchorAt) / CYCLE_MS) * 2 * Math.PI;
  const usd = model.anchorUsd * (1 + (model.driftPercent / 100) * Math.sin(phase));
  return Number(usd.toPrecision(8));
}

export function lastUpdatedAt(model: PriceModel, nowMs: number): number {
  return Math.floor((model.frozenAt ?? nowMs) / 1000);
}
