import type { Context } from 'hono';
import type { XPricedOperation } from '@/integrations/x/index.ts';
import { hasUrl } from '@/integrations/x/index.ts';
import type { ApiCaller } from '../api/auth.ts';
import type { XEnv } from '../context.ts';
import { findPost } from '../store/posts.ts';
import { findUserByUsername } from '../store/users.ts';

export interface Charge {
  operation: XPricedOperation;
  /** Per-resource reads: the ids billed once a UTC day each; absent for a per-request write. */
  resources?: string[];
}

const ids = (data: unknown, kind: 'post' | 'user'): string[] => {
  const list = Array.isArray(data) ? data : data ? [data] : [];
  return list
    .map((d) => (d && typeof d === 'object' && 'id' in d ? String(d.id) : null))
    .filter((id): id is string => id !== null)
    .map((id) => `${kind}:${id}`);
};

/**
 * What X bills for one successful API call (pricing.mdx, "Credit consumption details"): reads
 * per post or user in `data` (expansions are not billed here), the owner's own timelines as
 * Owned Reads, a post per request (a URL's price first, then a summoned reply's).
 */
export async function chargeFor(
  env: XEnv,
  c: Context,
  caller: ApiCaller | undefined,
): Promise<Charge | null> {
  const path = c.req.path.replace(env.basePath, '');
  const method = c.req.method;
  if (c.res.status >= 300) return null;
  const body = (await c.res
    .clone()
    .json()
    .catch(() => null)) as { data?: unknown } | null;
  if (!body) return null;
  if (method === 'POST' && path === '/2/tweets') {
    const id = (body.data as { id?: string } | undefined)?.id;
    const post = id ? await findPost(env.db, BigInt(id)) : undefined;
    if (!post) return null;
    if (hasUrl(post.text)) return { operation: 'postCreateWithUrl' };
    return { operation: post.inReplyToId ? 'postCreateSummoned' : 'postCreate' };
  }
  if (method !== 'GET') return null;
  const owned = /^\/2\/users\/(\d+)\/(mentions|tweets)$/.exec(path);
  if (owned) {
    const own =
      caller?.kind === 'user' && caller.userId === owned[1] && (await isOwner(env, owned[1]!));
    return { operation: own ? 'ownedRead' : 'postRead', resources: ids(body.data, 'post') };
  }
  if (/^\/2\/tweets(\/search\/recent|\/\d+)?$/.test(path)) {
    return { operation: 'postRead', resources: ids(body.data, 'post') };
  }
  if (/^\/2\/users(\/me|\/by\/username\/[^/]+|\/\d+)$|\/(liking_users|retweeted_by)$/.test(path)) {
    return { operation: 'userRead', resources: ids(body.data, 'user') };
  }
  return null;
}

/** The developer app of the local X belongs to the agent's account (OPERATIONS.md). */
async function isOwner(env: XEnv, userId: string) {
  const agent = await findUserByUsername(env.db, env.agentHandle);
  return agent?.id === userId;
}
