import { bigserial, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * Outside projects allowed to post for users who choose them (managed with `npm run projects`).
 * The API key is shown once; only its SHA-256 and a short prefix (to recognise it) are stored.
 */
export const externalProjects = pgTable('external_projects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  keyPrefix: text('key_prefix').notNull(),
  /** Posts per user per UTC day. */
  dailyCap: integer('daily_cap').notNull(),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** Which projects each user lets post for them. */
export const externalAllowedProjects = pgTable(
  'external_allowed_projects',
  {
    xUserId: text('x_user_id')
      .notNull()
      .references(() => users.xUserId, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => externalProjects.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.xUserId, t.projectId] })],
);

/**
 * Every post an outside project asked to make for a user. A row is written as `pending`
 * before X is called (it counts toward the daily cap), then becomes `posted` or `failed`.
 */
export const externalPostLog = pgTable(
  'external_post_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => externalProjects.id, { onDelete: 'cascade' }),
    xUserId: text('x_user_id')
      .notNull()
      .references(() => users.xUserId, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    replyToId: text('reply_to_id'),
    result: text('result', { enum: ['pending', 'posted', 'failed'] }).notNull(),
    postId: text('post_id'),
    error: text('error'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('external_post_log_user_idx').on(t.xUserId, t.createdAt),
    index('external_post_log_cap_idx').on(t.projectId, t.xUserId, t.createdAt),
  ],
);
