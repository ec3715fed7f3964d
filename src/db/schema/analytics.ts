import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/** One row per client-side route change. No cookie, no IP, no user id: path, referrer, time. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    path: text('path').notNull(),
    referrer: text('referrer'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('page_views_created_at_idx').on(t.createdAt)],
);
