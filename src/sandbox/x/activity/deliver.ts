import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { retryDelayMs } from '@/db/queue/backoff.ts';
import { signWebhookBody, WEBHOOK_SIGNATURE_HEADER } from '@/integrations/x/index.ts';
import { xClients, xMentions } from '../../db/schema/index.ts';
import { takeKindFault } from '../../faults/store.ts';
import { TWEET_QUERY } from '../api/fields.ts';
import { readSelection } from '../api/query.ts';
import { renderTweets } from '../api/render-tweet.ts';
import type { XEnv } from '../context.ts';
import type { XPost } from '../store/posts.ts';
import { mentionTargets } from './store.ts';

/** The post as X's Activity API delivers it: default fields plus what a mention reader asks. */
const DELIVERY_QUERY = {
  'tweet.fields':
    'author_id,created_at,conversation_id,in_reply_to_user_id,referenced_tweets,entities',
  expansions: 'author_id,referenced_tweets.id,referenced_tweets.id.author_id',
  'user.fields': 'created_at,profile_image_url',
};
/** A failed delivery is retried 3 times, spaced by the one back-off rule: 2.5–5, 5–10, 10–20 s. */
const MAX_RETRIES = 3;
/**
 * X waits this long for a webhook's answer ("Respond within 10 seconds", xdevplatform/docs
 * @2871328 x-api/webhooks/introduction.mdx); a later answer is a failed delivery.
 */
export const WEBHOOK_ANSWER_MS = 10_000;
const RETRY_BACKOFF = { baseMs: 5_000 };

/**
 * After a post is created: one `post.mention.create` event per subscription of a mentioned user,
 * POSTed to the subscription's webhook with X's envelope and signature header, in the background
 * (the author's request never waits on a receiver); a webhook marked invalid gets nothing. A receiver that fails is retried a few
 * times, then the event is dropped, as X does; the agent's polling catches up.
 */
export async function deliverMentionEvents(env: XEnv, post: XPost): Promise<void> {
  const mentioned = await env.db
    .select({ userId: xMentions.userId })
    .from(xMentions)
    .where(eq(xMentions.postId, post.id));
  const targets = await mentionTargets(
    env.db,
    mentioned.map((m) => m.userId),
  );
  if (targets.length === 0) return;
  const { selection } = readSelection(DELIVERY_QUERY, TWEET_QUERY);
  const rendered = await renderTweets(env, [post], selection);
  const payload = (rendered as { data?: unknown[] }).data?.[0];
  for (const { subscription, webhook } of targets) {
    // A webhook that failed its CRC check gets no events until it passes again.
    if (env.invalidWebhooks.has(webhook.id)) continue;
    const [client] = await env.db
      .select({ secret: xClients.clientSecret })
      .from(xClients)
      .where(eq(xClients.clientId, webhook.clientId));
    if (!client || !payload) continue;
    // An injected loss (`kind: dropDeliveries`, decision 0064): X never calls, never retries.
    if (await takeKindFault(env.db, 'x', 'drop_deliveries')) {
      env.logger.info({ url: webhook.url }, 'local X: webhook delivery lost (injected fault)');
      continue;
    }
    const body = JSON.stringify({
      data: {
        event_uuid: randomUUID(),
        filter: { user_id: subscription.userId },
        event_type: 'post.mention.create',
        tag: subscription.tag ?? undefined,
        payload,
        includes: (rendered as { includes?: unknown }).includes ?? {},
      },
    });
    void send(env, webhook.url, body, signWebhookBody(client.secret, body));
  }
}

async function send(env: XEnv, url: string, body: string, signature: string, attempt = 0) {
  let timer: NodeJS.Timeout | undefined;
  try {
    // Raced, not only aborted: an in-process receiver does not see the signal.
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${WEBHOOK_ANSWER_MS} ms`)),
        WEBHOOK_ANSWER_MS,
      );
    });
    const res = await Promise.race([
      env.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature },
        body,
        signal: AbortSignal.timeout(WEBHOOK_ANSWER_MS),
      }),
      late,
    ]);
    if (res.ok) return;
    throw new Error(`webhook answered ${res.status}`);
  } catch (err) {
    if (attempt >= MAX_RETRIES) {
      env.logger.warn({ err, url }, 'local X: webhook delivery dropped after retries');
      return;
    }
    const delay = retryDelayMs(attempt + 1, RETRY_BACKOFF);
    setTimeout(() => void send(env, url, body, signature, attempt + 1), delay).unref();
  } finally {
    clearTimeout(timer);
  }
}
