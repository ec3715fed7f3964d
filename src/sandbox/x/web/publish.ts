import { isCleanText } from '@/shared/clean-text.ts';
import { publishPost } from '../activity/publish.ts';
import { MAX_WEIGHTED_LENGTH, weightedLength } from '../api/tweet-body.ts';
import type { XEnv } from '../context.ts';
import { ID_PATTERN } from '../ids.ts';
import { findPost } from '../store/posts.ts';
import type { WebSession } from '../store/sessions.ts';
import { findUserById } from '../store/users.ts';

const ERRORS = {
  too_long: `Your post is over ${MAX_WEIGHTED_LENGTH} characters.`,
  duplicate: 'Whoops! You already said that.',
  parent_not_found: 'The post you are replying to was deleted.',
  quoted_not_found: 'The quoted post was deleted.',
  invalid_media: 'That media is not ready.',
  empty: 'Write something first.',
  unclean: 'Your post has characters that are not text.',
};

/** Creates a post from a web form; a reply starts with the parent author's @handle, as on X. */
export async function publish(
  env: XEnv,
  session: WebSession,
  text: string,
  inReplyTo: string | undefined,
) {
  const parentId = inReplyTo && ID_PATTERN.test(inReplyTo) ? BigInt(inReplyTo) : undefined;
  const parent = parentId ? await findPost(env.db, parentId) : undefined;
  const parentAuthor = parent ? await findUserById(env.db, parent.authorId) : undefined;
  let body = text.trim();
  if (!body) return { ok: false as const, error: ERRORS.empty };
  if (!isCleanText(body)) return { ok: false as const, error: ERRORS.unclean };
  if (weightedLength(body) > MAX_WEIGHTED_LENGTH)
    return { ok: false as const, error: ERRORS.too_long };
  const mention = parentAuthor && `@${parentAuthor.username}`;
  if (
    mention &&
    parentAuthor.id !== session.user.id &&
    !body.toLowerCase().includes(mention.toLowerCase())
  ) {
    body = `${mention} ${body}`;
  }
  const result = await publishPost(env, {
    authorId: session.user.id,
    text: body,
    inReplyToId: parentId,
    now: env.now(),
  });
  return result.ok
    ? { ok: true as const, post: result.post }
    : { ok: false as const, error: ERRORS[result.reason] };
}

export const field = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string) : '';
