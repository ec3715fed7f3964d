import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * What the agent spent on X, by UTC day, purpose (`reply:<command outcome>` for a command's
 * answer, the outbox row's kind for other posts, `mentions` for reads) and priced operation (integrations/x/pricing.ts), in exact
 * micro-dollars. The meter behind X_DAILY_BUDGET_USD, /status and /metrics (decision 0044).
 */
export const xSpend = pgTable(
  'x_spend',
  {
    day: text('day').notNull(),
    purpose: text('purpose').notNull(),
    operation: text('operation').notNull(),
    units: integer('units').notNull(),
    microUsd: bigint('micro_usd', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.purpose, t.operation] })],
);
