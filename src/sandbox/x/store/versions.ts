import { and, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { xPosts } from '../../db/schema/index.ts';
import { EDIT_WINDOW_MS, isEditEligible, MAX_EDITS } from './edit-post.ts';
import type { XPost } from './posts.ts';

/** One post's edit chain: every version's id, oldest first, and when the first was posted. */
export interface EditChain {
  ids: string[];
  firstCreatedAt: Date;
}

export const firstVersionOf = (p: XPost) => p.firstVersionId ?? p.id;

/**
 * The edit chains of these posts, by first-version id. X gives every version the whole chain
 * (x-api/fundamentals/edit-posts.mdx: the original, looked up in `includes`, lists the newer
 * version too), so one query per render answers `edit_history_tweet_ids` for all of them.
 */
export async function findEditChains(db: Db, posts: XPost[]): Promise<Map<bigint, EditChain>> {
  const firsts = [...new Set(posts.map(firstVersionOf))];
  const chains = new Map<bigint, EditChain>();
  if (firsts.length === 0) return chains;
  const rows = await db
    .select({ id: xPosts.id, first: xPosts.firstVersionId, createdAt: xPosts.createdAt })
    .from(xPosts)
    .where(
      and(
        isNull(xPosts.deletedAt),
        or(inArray(xPosts.id, firsts), inArray(xPosts.firstVersionId, firsts)),
      ),
    )
    .orderBy(xPosts.id);
  for (const row of rows) {
    const first = row.first ?? row.id;
    const chain = chains.get(first) ?? { ids: [], firstCreatedAt: row.createdAt };
    if (row.first === null) chain.firstCreatedAt = row.createdAt;
    chain.ids.push(row.id.toString());
    chains.set(first, chain);
  }
  return chains;
}

/** X's `edit_controls` field: the chain's window and edits left (the same on every version). */
export function editControls(post: XPost, chain: EditChain | undefined, now: Date) {
  const until = new Date((chain?.firstCreatedAt ?? post.createdAt).getTime() + EDIT_WINDOW_MS);
  const remaining = Math.max(0, MAX_EDITS - ((chain?.ids.length ?? 1) - 1));
  return {
    edits_remaining: remaining,
    is_edit_eligible: isEditEligible(post) && remaining > 0 && now < until,
    editable_until: until.toISOString(),
  };
}
