import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * Each user's X OAuth tokens from their latest sign-in, kept apart from `users` and encrypted
 * (AES-256-CBC + HMAC, src/core/crypto): the only way outside projects can post for them.
 * `authorized_at` is set while the user allows outside projects to use them.
 * `status`: active | needs_reauthorization (a refresh failed: only a new sign-in helps).
 * `refresh_lease_until` is the claim one process takes (under the row lock) before refreshing,
 * since X's refresh tokens are single-use.
 */
export const xUserTokens = pgTable('x_user_tokens', {
  xUserId: text('x_user_id')
    .primaryKey()
    .references(() => users.xUserId, { onDelete: 'cascade' }),
  keyId: text('key_id').notNull(),
  accessTokenEnc: text('access_token_enc').notNull(),
  refreshTokenEnc: text('refresh_token_enc'),
  expiresAt: timestamptz('expires_at'),
  /** Space-separated scopes X granted. */
  scopes: text('scopes').notNull(),
  status: text('status', { enum: ['active', 'needs_reauthorization'] })
    .notNull()
    .default('active'),
  authorizedAt: timestamptz('authorized_at'),
  lastUsedAt: timestamptz('last_used_at'),
  refreshLeaseUntil: timestamptz('refresh_lease_until'),
  updatedAt: timestamptz('updated_at').notNull(),
});
