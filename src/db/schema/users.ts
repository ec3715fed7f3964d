import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * People known to the product, keyed by X's numeric user id (never the handle: handles change
 * and get reused). `username` is the latest handle seen; lookups by handle are case-insensitive.
 */
export const users = pgTable(
  'users',
  {
    xUserId: text('x_user_id').primaryKey(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    profileImageUrl: text('profile_image_url'),
    /** When the X account was created (from X), if known. */
    xCreatedAt: timestamp('x_created_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    linkedWalletAddress: text('linked_wallet_address'),
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);
