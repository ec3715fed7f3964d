import { and, count, inArray, isNull } from 'drizzle-orm';
import { xPosts } from '../../db/schema/index.ts';
import type { XEnv } from '../context.ts';
import type { XUser } from '../store/users.ts';

export function avatarUrl(env: XEnv, user: Pick<XUser, 'username'>): string {
  return `${env.baseUrl}/avatars/${encodeURIComponent(user.username)}.svg`;
}

/** A v2 User object: `id`, `name`, `username` always, the rest when asked for. */
export async function renderUsers(env: XEnv, users: XUser[], fields: Set<string>) {
  const tweetCounts = fields.has('public_metrics') ? await countPosts(env, users) : new Map();
  return users.map((u) => {
    const out: Record<string, unknown> = { id: u.id, name: u.name, username: u.username };
    if (fields.has('created_at')) out.created_at = u.createdAt.toISOString();
    if (fields.has('description')) out.description = u.description;
    if (fields.has('profile_image_url')) out.profile_image_url = avatarUrl(env, u);
    if (fields.has('protected')) out.protected = false;
    if (fields.has('verified')) out.verified = false;
    if (fields.has('verified_type')) out.verified_type = 'none';
    if (fields.has('url')) out.url = '';
    if (fields.has('public_metrics')) {
      out.public_metrics = {
        followers_count: u.followersCount,
        following_count: 0,
        tweet_count: tweetCounts.get(u.id) ?? 0,
        listed_count: 0,
        like_count: 0,
        media_count: 0,
      };
    }
    return out;
  });
}

async function countPosts(env: XEnv, users: XUser[]): Promise<Map<string, number>> {
  if (users.length === 0) return new Map();
  const rows = await env.db
    .select({ authorId: xPosts.authorId, n: count() })
    .from(xPosts)
    .where(
      and(
        inArray(
          xPosts.authorId,
          users.map((u) => u.id),
        ),
        isNull(xPosts.deletedAt),
      ),
    )
    .groupBy(xPosts.authorId);
  return new Map(rows.map((r) => [r.authorId, Number(r.n)]));
}
