import { activityEventSchema, verifyWebhookSignature } from '../../integrations/x/index.ts';
import { getAgentState, setAgentState } from '../state.ts';
import type { MentionPushSettings } from './mention-push.ts';
import { type PushedPostDeps, readPushedPost } from './read-pushed-post.ts';
import { isInInbox, storePushedPost } from './store-posts.ts';

export interface ReceiveDeps extends PushedPostDeps {
  /** The agent's X user id and token; throws when the agent is not connected. */
  access: () => Promise<{ xUserId: string; accessToken: string }>;
}

export type PushReceipt =
  | { ok: true; stored: number }
  | { ok: false; reason: 'bad_signature' | 'bad_body' };

const POST_ID = /^\d{1,19}$/;

/**
 * One delivery from X: checked against the signature header before anything is read. A mention
 * of the agent only names a post: X's own copy of it, looked up by id, goes into the inbox like
 * a polled one (the post id is the key, so the poll that later sees it, or a replayed delivery,
 * changes nothing). Other events are ignored.
 *
 * Every signed delivery is answered 200, also when the post is dropped or X could not be asked:
 * X retries only failed deliveries, and a retry can do nothing the mentions poll will not (it
 * reads every mention since its cursor, pushed ones included), while X marks a webhook that keeps
 * failing invalid, which would cost the push path for everything after.
 */
export async function receivePushedMention(
  deps: ReceiveDeps,
  push: Pick<MentionPushSettings, 'consumerSecret'>,
  delivery: { rawBody: string; signature: string | undefined },
): Promise<PushReceipt> {
  if (!verifyWebhookSignature(push.consumerSecret, delivery.rawBody, delivery.signature)) {
    return { ok: false, reason: 'bad_signature' };
  }
  let json: unknown;
  try {
    json = JSON.parse(delivery.rawBody);
  } catch {
    return { ok: false, reason: 'bad_body' };
  }
  const event = activityEventSchema.safeParse(json);
  if (!event.success || !POST_ID.test(event.data.data.payload.id)) {
    return { ok: false, reason: 'bad_body' };
  }
  const { data } = event.data;
  const agent = await deps.access().catch(() => null);
  if (
    data.event_type !== 'post.mention.create' ||
    !agent ||
    data.filter.user_id !== agent.xUserId
  ) {
    return { ok: true, stored: 0 };
  }
  const now = deps.now();
  const state = await getAgentState(deps.db, 'mentions_push');
  if (state)
    await setAgentState(deps.db, 'mentions_push', { ...state, lastEventAt: now.toISOString() });
  if (await isInInbox(deps.db, data.payload.id)) return { ok: true, stored: 0 };
  const read = await readPushedPost(deps, agent, data.payload.id);
  if (read.kind !== 'post') return { ok: true, stored: 0 };
  return { ok: true, stored: await storePushedPost(deps.db, read.post, now) };
}
