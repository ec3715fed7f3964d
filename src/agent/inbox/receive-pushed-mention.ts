import type { Db } from '@/db/client.ts';
import { activityEventSchema, verifyWebhookSignature } from '@/integrations/x/index.ts';
import { getAgentState, setAgentState } from '../state.ts';
import type { MentionPushSettings } from './mention-push.ts';
import { queuePushedMention } from './pushed-mention-job.ts';
import { isInInbox } from './store-posts.ts';

export interface ReceiveDeps {
  db: Db;
  now: () => Date;
  /** The agent's X user id as stored at connect (no call to X); null when not connected. */
  agentUserId: () => Promise<string | null>;
}

export type PushReceipt =
  | { ok: true; queued: boolean }
  | { ok: false; reason: 'bad_signature' | 'bad_body' };

const POST_ID = /^\d{1,19}$/;

/**
 * One delivery from X, up to its acknowledgement (decision 0045): checked against the signature
 * header before anything is read, then a mention of the agent is stored as a durable job
 * (pushed-mention-job.ts) naming the post; nothing here waits on X, which gives a webhook 10 s.
 * The job looks the post up at X (decision 0018: a delivery is a hint, X's copy is what enters
 * the inbox). A post already in the inbox, or already queued, queues nothing; other events are
 * ignored.
 *
 * Every signed delivery is answered 200: X retries only failed deliveries, and a retry can do
 * nothing the mentions poll will not (it reads every mention since its cursor, pushed ones
 * included), while X marks a webhook that keeps failing invalid.
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
  const agentUserId = await deps.agentUserId();
  if (data.event_type !== 'post.mention.create' || data.filter.user_id !== agentUserId) {
    return { ok: true, queued: false };
  }
  const now = deps.now();
  const state = await getAgentState(deps.db, 'mentions_push');
  if (state)
    await setAgentState(deps.db, 'mentions_push', { ...state, lastEventAt: now.toISOString() });
  if (await isInInbox(deps.db, data.payload.id)) return { ok: true, queued: false };
  return {
    ok: true,
    queued: await queuePushedMention(deps.db, { postId: data.payload.id, receivedAt: now }),
  };
}
