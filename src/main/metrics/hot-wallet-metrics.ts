import { Gauge, type Registry } from 'prom-client';
import type { HotWalletExcess } from '@/core/hot-wallets/index.ts';

/**
 * Hot-wallet ceilings (decision 0047; OPERATIONS.md lists the alert): per ceilinged system
 * wallet, its UP balance and what it holds above the ceiling, read from the network at scrape
 * time. A network that does not answer leaves the gauges empty for that scrape.
 */
export function registerHotWalletMetrics(
  registry: Registry,
  read: () => Promise<HotWalletExcess[]>,
) {
  const registers = [registry];
  let pending: Promise<HotWalletExcess[] | null> | null = null;
  // Both gauges collect in one scrape: one read of the network serves them.
  const once = () => {
    pending ??= read()
      .catch(() => null)
      .finally(() => setTimeout(() => (pending = null), 1000).unref());
    return pending;
  };
  new Gauge({
    name: 'upsider_hot_wallet_excess_base_units',
    help: 'UP base units a system wallet holds above its hot-wallet ceiling (0 under it), by role',
    labelNames: ['role'],
    registers,
    async collect() {
      this.reset();
      for (const w of (await once()) ?? []) this.set({ role: w.role }, Number(w.excess));
    },
  });
  new Gauge({
    name: 'upsider_hot_wallet_ceiling_base_units',
    help: 'The configured hot-wallet ceiling of a system wallet in UP base units, by role',
    labelNames: ['role'],
    registers,
    async collect() {
      this.reset();
      for (const w of (await once()) ?? []) this.set({ role: w.role }, Number(w.ceiling));
    },
  });
}
