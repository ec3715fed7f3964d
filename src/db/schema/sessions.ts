import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * Signed-in browsers. The cookie holds a random 32-byte id; only its SHA-256 is stored, so a
 * database leak does not hand out sessions. Sessions end after SESSION_IDLE_DAYS without use.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    xUserId: text('x_user_id')
      .notNull()
      .references(() => users.xUserId, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
  },
  (t) => [
    index('sessions_x_user_id_idx').on(t.xUserId),
    index('sessions_last_seen_idx').on(t.lastSeenAt),
  ],
);

/**
 * A sign-in in progress: the OAuth state and PKCE verifier stay on the server, referenced by a
 * short-lived HttpOnly cookie (hashed here like session ids). Single use, expires after 10 min.
 */
export const pendingLogins = pgTable(
  'pending_logins',
  {
    idHash: text('id_hash').primaryKey(),
    state: text('state').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to').notNull(),
    /** Signing in (read-only scopes), or a signed-in user granting posting (decision 0045). */
    purpose: text('purpose', { enum: ['sign_in', 'grant_posting'] })
      .notNull()
      .default('sign_in'),
    /** For a posting grant: the signed-in user, whose X account must be the one that grants. */
    xUserId: text('x_user_id'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('pending_logins_expires_idx').on(t.expiresAt)],
);
