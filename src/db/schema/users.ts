import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

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
    xCreatedAt: timestamptz('x_created_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastLoginAt: timestamptz('last_login_at'),
    /**
     * When the person first proved they hold this X account: a sign-in, or a post of theirs the
     * agent acted on. Null: money sent to them is held and returns unclaimed (decision 0048).
     */
    claimedAt: timestamptz('claimed_at'),
    linkedWalletAddress: text('linked_wallet_address'),
    /**
     * When the dashboard first greeted the person ("Your wallet is ready"); from then on it says
     * "Welcome back" (core/activity/first-visit.ts). Kept here, not in the browser, so a second
     * device or a cleared browser does not greet them as new again.
     */
    welcomedAt: timestamptz('welcomed_at'),
    /**
     * The user's latest subscription period (latest end), copied here by database triggers on
     * `subscriptions` (migration 0016) so the premium user list pages through an index at any
     * number of users. Never written by the application.
     */
    subscriptionTier: text('subscription_tier', { enum: ['free', 'pro', 'premium'] }),
    subscriptionStart: timestamptz('subscription_start'),
    subscriptionEnd: timestamptz('subscription_end'),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // The premium user list's order: subscribers (latest end first), then by username.
    index('users_premium_order_idx').on(
      t.subscriptionEnd.desc().nullsLast(),
      sql`lower(${t.username})`,
    ),
    // Substring search by handle (ilike '%…%') through trigrams. Every search reads the whole
    // pending list of new entries; kept to 256 kB (32 pages) instead of 4 MB, which added
    // ~15 ms to a 25 ms search at 1M users when full (migration 0022).
    index('users_username_trgm_idx')
      .using('gin', sql`${t.username} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
  ],
);

/**
 * Exact row counts kept by triggers (migration 0016), for totals a page shows on every load:
 * `count(*)` over a million users costs ~80 ms; reading this row costs nothing.
 */
export const rowCounts = pgTable('row_counts', {
  name: text('name').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});
