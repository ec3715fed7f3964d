import { doublePrecision, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/db/schema/columns.ts';
import { sandboxSchema } from './sandbox-schema.ts';

/** Trades added to the local Polymarket's bot book through its admin route (the seed is code). */
export const polymarketTrades = sandboxSchema.table('polymarket_trades', {
  id: serial('id').primaryKey(),
  asset: text('asset').notNull(),
  side: text('side', { enum: ['BUY', 'SELL'] }).notNull(),
  size: doublePrecision('size').notNull(),
  price: doublePrecision('price').notNull(),
  createdAt: timestamptz('created_at').notNull(),
});
