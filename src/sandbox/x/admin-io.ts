import { z } from 'zod';
import { isCleanText, UNCLEAN_TEXT_MESSAGE } from '@/shared/clean-text.ts';
import type { XEnv } from './context.ts';
import { ID_PATTERN, USERNAME_PATTERN } from './ids.ts';
import type { XPost } from './store/posts.ts';
import { findUsersByIds } from './store/users.ts';

/** Bodies of the admin API. */
const username = z.string().trim().regex(USERNAME_PATTERN, 'must be an X handle without @');
const postId = z.string().regex(ID_PATTERN, 'must be a post id').transform(BigInt);
/** Stored text: NUL would reach PostgreSQL and fail there (a 500) instead of here (a 400). */
const storableText = (min: number, max: number) =>
  z.string().min(min).max(max).refine(isCleanText, UNCLEAN_TEXT_MESSAGE);
export const schemas = {
  user: z.object({ username }),
  /** An account's age and audience, for rules that read them (post rewards). */
  profile: z.object({
    followersCount: z.number().int().min(0).max(1_000_000_000).optional(),
    createdAt: z.iso.datetime().optional(),
  }),
  post: z.object({
    username,
    text: storableText(1, 10_000),
    inReplyToId: postId.optional(),
    quotedId: postId.optional(),
  }),
  /** Like or repost a post as this account (created on first use), or undo it. */
  engagement: z.object({
    username,
    kind: z.enum(['like', 'repost']),
    undo: z.boolean().default(false),
  }),
  /** A webhook as X holds it, e.g. `valid: false` after a failed CRC check. */
  webhook: z.object({ url: z.url().max(2000), valid: z.boolean().default(false) }),
};

/** A JSON body checked against a schema, or a 400 in the product's error shape. */
export async function readBody<S extends z.ZodType>(req: Request, schema: S) {
  const json = await req.json().catch(() => undefined);
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true as const, value: parsed.data as z.infer<S> };
  const message = parsed.error.issues
    .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
    .join('; ');
  return {
    ok: false as const,
    response: Response.json({ error: { code: 'invalid_request', message } }, { status: 400 }),
  };
}

/** Posts as the admin API lists them (ids as decimal strings). */
export async function describePosts(env: XEnv, posts: XPost[]) {
  const authors = new Map(
    (
      await findUsersByIds(
        env.db,
        posts.map((p) => p.authorId),
      )
    ).map((u) => [u.id, u]),
  );
  return posts.map((p) => ({
    id: p.id.toString(),
    author: { id: p.authorId, username: authors.get(p.authorId)?.username ?? null },
    text: p.text,
    createdAt: p.createdAt.toISOString(),
    inReplyToId: p.inReplyToId?.toString() ?? null,
    quotedId: p.quotedId?.toString() ?? null,
    mediaIds: p.mediaIds ?? [],
  }));
}
