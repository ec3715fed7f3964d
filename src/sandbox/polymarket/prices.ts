import { createHash } from 'node:crypto';
import type { SeedMarket } from './seed.ts';

/**
 * The Yes price of a market at a given minute: its seed price moved by a smooth deterministic
 * wave (a few cents), so every process serving the twin shows the same price in the same minute
 * and the page sees prices move. Resolved markets are fixed at 1 / 0.
 */
export function yesPriceAt(market: SeedMarket, at: Date): number {
  if (market.resolved) return market.resolved === 'Yes' ? 1 : 0;
  const minute = Math.floor(at.getTime() / 60_000);
  const phase = createHash('sha256').update(market.key).digest()[0]! / 40;
  const drift = 0.04 * Math.sin(minute / 9 + phase) + 0.01 * Math.sin(minute / 2.3 + phase * 3);
  const p = Math.min(0.99, Math.max(0.01, market.yesPrice + drift));
  return Math.round(p * 1000) / 1000;
}

export function outcomePriceAt(market: SeedMarket, outcome: 'Yes' | 'No', at: Date): number {
  const yes = yesPriceAt(market, at);
  return outcome === 'Yes' ? yes : Math.round((1 - yes) * 1000) / 1000;
}
