import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '@/db/client.ts';
import { rowsOf } from '@/db/rows-of.ts';

interface StateRow {
  key: string;
  value: unknown;
}

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;

/**
 * X spend and X refusing the account, read at scrape time (decision 0044; OPERATIONS.md lists
 * the families and their alerts): today's spend by purpose and operation, whether X's usage cap
 * or an empty credit balance pauses the agent, and whether X_DAILY_BUDGET_USD holds replies.
 */
export function registerXSpendMetrics(registry: Registry, db: Db, now: () => Date) {
  const registers = [registry];
  new Gauge({
    name: 'upsider_x_spend_usd_today',
    help: 'USD spent on X today (UTC) at its published prices, by purpose and priced operation',
    labelNames: ['purpose', 'operation'],
    registers,
    async collect() {
      const day = now().toISOString().slice(0, 10);
      const rows = await safely(() =>
        db.execute(sql`select purpose, operation, micro_usd from x_spend where day = ${day}`),
      );
      if (!rows) return;
      this.reset();
      for (const r of rowsOf<{ purpose: string; operation: string; micro_usd: string }>(rows)) {
        this.set({ purpose: r.purpose, operation: r.operation }, Number(r.micro_usd) / 1e6);
      }
    },
  });
  const states = () =>
    safely(() =>
      db.execute(
        sql`select key, value from agent_state where key in ('x_usage_capped', 'x_budget_reached')`,
      ),
    ).then((r) => (r ? rowsOf<StateRow>(r) : null));
  new Gauge({
    name: 'upsider_x_account_blocked',
    help: 'X refuses the account and the agent pauses its X calls (1), by reason: usage_cap, credits',
    labelNames: ['reason'],
    registers,
    async collect() {
      const rows = await states();
      if (!rows) return;
      const cap = rows.find((r) => r.key === 'x_usage_capped');
      const v = cap ? json(cap.value) : null;
      const holds = v && new Date(String(v.until)) > now();
      const reason = v?.kind === 'credits' ? 'credits' : 'usage_cap';
      this.set({ reason: 'credits' }, holds && reason === 'credits' ? 1 : 0);
      this.set({ reason: 'usage_cap' }, holds && reason === 'usage_cap' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'upsider_x_budget_reached',
    help: 'X_DAILY_BUDGET_USD is spent for today (1): replies wait for the next UTC day',
    registers,
    async collect() {
      const rows = await states();
      if (!rows) return;
      const reached = rows.find((r) => r.key === 'x_budget_reached');
      const until = reached ? new Date(String(json(reached.value).until)) : null;
      this.set(until && until > now() ? 1 : 0);
    },
  });
}

/** A failed scrape-time query leaves the gauge as it was (the scrape still answers). */
async function safely<T>(fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch {
    return null;
  }
}
