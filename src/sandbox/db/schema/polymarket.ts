import { doublePrecision, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sandboxSchema } from './sandbox-schema.ts';

/** Trades added to the local Polymarket's bot book through its admin route (the seed is code). */
export const polymarketTrades = sandboxSchema.table('polymarket_trades', {
  id: serial('id').primaryKey(),
  asset: text('asset').notNull(),
  side: text('side', { enum: ['BUY', 'SELL'] }).notNull(),
  size: doublePrecision('size').notNull(),
  price: doublePrecision('price').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
