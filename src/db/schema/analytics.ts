import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per client-side route change. No cookie, no IP, no user id: path, referrer, time. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    path: text('path').notNull(),
    referrer: text('referrer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_created_at_idx').on(t.createdAt)],
);
