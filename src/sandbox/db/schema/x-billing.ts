import { bigint, integer, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/db/schema/columns.ts';
import { sandboxSchema } from './sandbox-schema.ts';

/**
 * The local X account's pay-per-use credit in micro-dollars (one row, id 'account'). No row, or
 * a null balance, is unlimited: the default run never runs out.
 */
export const xCredits = sandboxSchema.table('x_credits', {
  id: text('id').primaryKey(),
  balanceMicroUsd: bigint('balance_micro_usd', { mode: 'bigint' }),
  updatedAt: timestamptz('updated_at').notNull(),
});

/** Resources already billed on a UTC day (`post:<id>`, `user:<id>`): X bills each once a day. */
export const xBilledResources = sandboxSchema.table(
  'x_billed_resources',
  {
    day: text('day').notNull(),
    resource: text('resource').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.resource] })],
);

/** The bill per UTC day and priced operation (pricing.ts): units billed and what they cost. */
export const xBill = sandboxSchema.table(
  'x_bill',
  {
    day: text('day').notNull(),
    operation: text('operation').notNull(),
    units: integer('units').notNull(),
    microUsd: bigint('micro_usd', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.operation] })],
);
