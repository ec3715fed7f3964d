import type { Db } from '../../db/client.ts';
import {
  activityEventSchema,
  verifyWebhookSignature,
  type XClient,
} from '../../integrations/x/index.ts';
import { getAgentState, setAgentState } from '../state.ts';
import { normalizePost } from './normalize-post.ts';
import { storePushedPost } from './store-posts.ts';

/** Where X pushes the agent's mentions, and the secrets that prove a push came from X. */
export interface MentionPushSettings {
  /** Public URL of the product's `/api/x/webhook`. */
  webhookUrl: string;
  /** The X app's consumer secret: signs CRC answers and every delivery. */
  consumerSecret: string;
  /** App-only bearer token: manages webhooks. */
  appBearerToken: string;
}

type Access = () => Promise<{ xUserId: string; accessToken: string }>;

/**
 * Makes X push the agent's mentions to the webhook: registers it (X runs the CRC check against
 * our route) and subscribes the agent's account to `post.mention.create`, reusing what exists.
 * Polling stays on as the catch-up path, so a failure here only costs latency.
 */
export async function ensureMentionPush(
  deps: { db: Db; x: XClient; access: Access; now: () => Date },
  push: MentionPushSettings,
) {
  const { xUserId, accessToken } = await deps.access();
  const hooks = await deps.x.listWebhooks(push.appBearerToken);
  const webhook =
    hooks.find((h) => h.url === push.webhookUrl) ??
    (await deps.x.registerWebhook(push.appBearerToken, push.webhookUrl));
  const subs = await deps.x.listActivitySubscriptions(accessToken);
  const sub =
    subs.find(
      (s) =>
        s.event_type === 'post.mention.create' &&
        s.filter.user_id === xUserId &&
        s.webhook_id === webhook.id,
    ) ??
    (await deps.x.subscribeToMentions(accessToken, { userId: xUserId, webhookId: webhook.id }));
  const value = {
    webhookId: webhook.id,
    subscriptionId: sub.subscription_id,
    since: deps.now().toISOString(),
  };
  await setAgentState(deps.db, 'mentions_push', value);
  return value;
}

export type PushReceipt =
  | { ok: true; stored: number }
  | { ok: false; reason: 'bad_signature' | 'bad_body' };

/**
 * One delivery from X: checked against the signature header before anything is read, then a
 * mention of the agent goes into the inbox like a polled one (the post id is the key, so the
 * poll that later sees it, or a replayed delivery, changes nothing). Other events are ignored.
 */
export async function receivePushedMention(
  deps: { db: Db; now: () => Date; agentUserId: () => Promise<string | null> },
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
  if (!event.success) return { ok: false, reason: 'bad_body' };
  const { data } = event.data;
  const agentId = await deps.agentUserId();
  if (data.event_type !== 'post.mention.create' || !agentId || data.filter.user_id !== agentId) {
    return { ok: true, stored: 0 };
  }
  const post = normalizePost(data.payload, data.includes?.users ?? []);
  const now = deps.now();
  const stored = await storePushedPost(deps.db, post, now);
  const state = await getAgentState(deps.db, 'mentions_push');
  if (state)
    await setAgentState(deps.db, 'mentions_push', { ...state, lastEventAt: now.toISOString() });
  return { ok: true, stored };
}
