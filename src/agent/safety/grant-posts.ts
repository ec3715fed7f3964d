import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { externalPostLog } from '@/db/schema/index.ts';

/** How long a grant post may stay `pending` (being published) before it counts as stale. */
const PUBLISHING_WINDOW_MS = 2 * 60_000;

export class GrantPostPublishingError extends Error {
  constructor(postId: string) {
    super(`post ${postId}: a posting-grant post by the same author is being published; waiting`);
    this.name = 'GrantPostPublishingError';
  }
}

/**
 * Whether a mention was made through a posting grant (decision 0009). The external API writes
 * its log row *before* publishing and the post id right after, so for a given mention:
 * - its id is in the log → a grant post;
 * - the author has a grant post being published right now → not decidable yet (throws, the job
 *   is retried), so the race between publishing and reading cannot slip a command through;
 * - a pending or failed log row with this exact text (X may have published it anyway) → a grant post.
 */
export async function isGrantPost(
  db: Db,
  post: { id: string; authorId: string; text: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .select({
      postId: externalPostLog.postId,
      text: externalPostLog.text,
      result: externalPostLog.result,
      createdAt: externalPostLog.createdAt,
    })
    .from(externalPostLog)
    .where(
      and(
        eq(externalPostLog.xUserId, post.authorId),
        inArray(externalPostLog.result, ['pending', 'posted', 'failed']),
        gte(externalPostLog.createdAt, new Date(now.getTime() - 7 * 24 * 3600_000)),
      ),
    );
  if (rows.some((row) => row.postId === post.id)) return true;
  if (
    rows.some((row) => row.result !== 'posted' && row.postId === null && row.text === post.text)
  ) {
    return true;
  }
  const publishing = rows.some(
    (row) =>
      row.result === 'pending' && now.getTime() - row.createdAt.getTime() < PUBLISHING_WINDOW_MS,
  );
  if (publishing) throw new GrantPostPublishingError(post.id);
  return false;
}
