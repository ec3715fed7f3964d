import type { XEnv } from '../context.ts';
import { type CreatePostResult, createPost, type NewPost } from '../store/posts.ts';
import { deliverMentionEvents } from './deliver.ts';

/** Creates a post (store/posts.ts) and, once stored, pushes its mention events to webhooks. */
export async function publishPost(env: XEnv, input: NewPost): Promise<CreatePostResult> {
  const result = await createPost(env.db, input);
  if (result.ok) {
    deliverMentionEvents(env, result.post).catch((err) =>
      env.logger.warn({ err }, 'local X: mention events not delivered'),
    );
  }
  return result;
}
