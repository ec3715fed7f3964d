import type { Pool } from 'pg';

/**
 * Inserts `count` submitted evidence records in one statement per batch, made by PostgreSQL
 * itself (generate_series): 1M rows in about a minute. Authors come from 50,000 handles so an
 * author prefix matches a realistic share; times spread over a year so the archive pages.
 */
export async function seedEvidenceRows(pool: Pool, count: number, batch = 100_000) {
  const { rows } = await pool.query<{ n: string }>('select count(*) as n from evidence_records');
  let have = Number(rows[0]?.n ?? 0);
  while (have < count) {
    const n = Math.min(batch, count - have);
    await pool.query(
      `insert into evidence_records (tweet_id, request_post_id, requester_id, requester_username,
         author_id, author_username, tweet_type, tweet_content, record, content_hash,
         fingerprint_hash, event_id, submission, state, created_at, submitted_at)
       select (9000000000000000000 - g)::text, (8000000000000000000 - g)::text, (g % 20000)::text,
         'req' || (g % 20000), (g % 50000)::text, 'author' || (g % 50000), 'original_tweet',
         'Seeded post number ' || g,
         jsonb_build_object('version', 1, 'platform', 'x', 'tweetId', (9000000000000000000 - g)::text,
           'author', jsonb_build_object('id', (g % 50000)::text, 'username', 'author' || (g % 50000)),
           'createdAt', null, 'text', 'Seeded post number ' || g, 'media', '[]'::jsonb,
           'entities', jsonb_build_object('mentions', '[]'::jsonb, 'hashtags', '[]'::jsonb, 'urls', '[]'::jsonb)),
         encode(sha256(('c' || g)::bytea), 'hex'), encode(sha256(('f' || g)::bytea), 'hex'),
         'seed-' || g, '{}'::jsonb, 'submitted',
         now() - (g || ' seconds')::interval * 30, now() - (g || ' seconds')::interval * 30
       from generate_series($1::bigint, $2::bigint) g`,
      [have + 1, have + n],
    );
    have += n;
  }
  // Rows made here bypass the product's counter: set it to what is there.
  await pool.query(
    `insert into evidence_archive_totals (id, submitted)
     select 1, count(*) from evidence_records where state = 'submitted'
     on conflict (id) do update set submitted = excluded.submitted`,
  );
  await pool.query('vacuum analyze evidence_records');
  return have;
}
