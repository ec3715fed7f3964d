import type { Hono } from 'hono';
import { z } from 'zod';
import { isCleanText, UNCLEAN_TEXT_MESSAGE } from '@/shared/clean-text.ts';
import { deliverMentionEvents } from './activity/deliver.ts';
import { describePosts, readBody } from './admin-io.ts';
import type { XEnv } from './context.ts';
import { ID_PATTERN } from './ids.ts';
import { notFoundError, problem } from './problems.ts';
import { editPost, EDIT_REFUSALS as REFUSALS } from './store/edit-post.ts';
import { findEditChains } from './store/versions.ts';

const editBody = z.object({
  text: z.string().min(1).max(10_000).refine(isCleanText, UNCLEAN_TEXT_MESSAGE),
});

/**
 * POST {base}/_admin/posts/:id/edit {text}: the author edits a post as on X (a new post id that
 * carries the chain in `edit_history_tweet_ids`), and the new version's mentions are delivered
 * as `post.mention.create` like any new post (decision 0042).
 */
export function addEditRoute(app: Hono, env: XEnv) {
  app.post('/posts/:id/edit', async (c) => {
    const input = await readBody(c.req.raw, editBody);
    if (!input.ok) return input.response;
    const id = c.req.param('id');
    const result = ID_PATTERN.test(id)
      ? await editPost(env.db, { id: BigInt(id), text: input.value.text, now: env.now() })
      : ({ ok: false, reason: 'not_found' } as const);
    if (!result.ok && result.reason === 'not_found') {
      const detail = `Could not find tweet with id: [${id}].`;
      return problem(c, 404, {
        ...notFoundError({ resourceType: 'tweet', parameter: 'id', value: id, detail }),
        status: 404,
      });
    }
    if (!result.ok) {
      const detail = REFUSALS[result.reason];
      return problem(c, 403, { detail, type: 'about:blank', title: 'Forbidden', status: 403 });
    }
    deliverMentionEvents(env, result.post).catch((err) =>
      env.logger.warn({ err }, 'local X: mention events of an edit not delivered'),
    );
    const [described] = await describePosts(env, [result.post]);
    const chain = (await findEditChains(env.db, [result.post])).values().next().value;
    return c.json({ ...described, editHistoryTweetIds: chain?.ids ?? [] }, 201);
  });
}
