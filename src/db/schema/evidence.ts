import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PostRecord } from '@/shared/evidence/post-record.ts';
import { timestamptz } from './columns.ts';

/**
 * The digital-evidence archive: one row per fingerprinted post (src/core/evidence). The row is
 * written before anything is charged or submitted, with the signed submission, so a retry after
 * a crash submits the very same bytes (same fingerprint hash) and charges under the same key.
 */
export const evidenceRecords = pgTable(
  'evidence_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The fingerprinted post. One record per post: a second request returns this one. */
    tweetId: text('tweet_id').notNull(),
    /** The post that asked for it (reply or quote): the idempotency key of the whole operation. */
    requestPostId: text('request_post_id').notNull(),
    requesterId: text('requester_id').notNull(),
    requesterUsername: text('requester_username').notNull(),
    authorId: text('author_id').notNull(),
    authorUsername: text('author_username').notNull(),
    tweetType: text('tweet_type').notNull(),
    tweetContent: text('tweet_content').notNull(),
    /** The canonical record whose RFC 8785 JSON hashes to content_hash. */
    record: jsonb('record').$type<PostRecord>().notNull(),
    contentHash: text('content_hash').notNull(),
    fingerprintHash: text('fingerprint_hash').notNull(),
    eventId: text('event_id').notNull(),
    submission: jsonb('submission').notNull(),
    /** pending: stored, not yet accepted by the API; submitted: accepted. Refusals delete the row. */
    state: text('state', { enum: ['pending', 'submitted'] }).notNull(),
    error: text('error'),
    createdAt: timestamptz('created_at').notNull(),
    submittedAt: timestamptz('submitted_at'),
  },
  (t) => [
    uniqueIndex('evidence_records_tweet_idx').on(t.tweetId),
    uniqueIndex('evidence_records_request_idx').on(t.requestPostId),
    // Archive: newest first, keyset-paginated on (created_at, id).
    index('evidence_records_list_idx').on(t.state, t.createdAt.desc(), t.id.desc()),
    index('evidence_records_fingerprint_idx').on(t.fingerprintHash),
    index('evidence_records_content_idx').on(t.contentHash),
    // Author search is a case-insensitive prefix match: btree with text_pattern_ops serves it.
    index('evidence_records_author_idx').on(
      sql`lower(${t.authorUsername}) text_pattern_ops`,
      t.createdAt.desc(),
    ),
  ],
);

/**
 * How many records the archive shows, kept with each record that becomes submitted: counting a
 * million rows on every archive poll cost 300+ ms. One row, id 1.
 */
export const evidenceArchiveTotals = pgTable('evidence_archive_totals', {
  id: smallint('id').primaryKey(),
  submitted: bigint('submitted', { mode: 'number' }).notNull(),
});
