import type { Db } from '../../db/client.ts';
import type { XClient } from '../../integrations/x/index.ts';
import { getAgentState, setAgentState } from '../state.ts';

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
  // `since` stays when the subscription does: a pushed post older than it is never acted on
  // (receive-pushed-mention.ts), so moving it at every re-check would only drop real posts.
  const kept = await getAgentState(deps.db, 'mentions_push');
  const same = kept?.subscriptionId === sub.subscription_id ? kept : null;
  const value = {
    webhookId: webhook.id,
    subscriptionId: sub.subscription_id,
    since: same?.since ?? deps.now().toISOString(),
    ...(same?.lastEventAt ? { lastEventAt: same.lastEventAt } : {}),
  };
  await setAgentState(deps.db, 'mentions_push', value);
  return value;
}
