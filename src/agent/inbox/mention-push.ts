import type { Db } from '@/db/client.ts';
import { XApiError, type XClient } from '@/integrations/x/index.ts';
import { deleteAgentState, getAgentState, setAgentState } from '../state.ts';

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

/** X holds the webhook `valid: false` and its CRC check failed again: X pushes nothing. */
export class MentionPushError extends Error {
  constructor(
    readonly webhookId: string,
    readonly detail: string,
  ) {
    super(
      `X's webhook ${webhookId} is invalid and failed its CRC check again (${detail}): X pushes no mentions, the agent reads them by polling`,
    );
    this.name = 'MentionPushError';
  }
}

/**
 * Re-runs X's CRC check of a webhook X marks invalid (`PUT /2/webhooks/:id`): the state after it,
 * with X's reason. X's refusal of the check (4xx, not a rate limit or cap) is a failed check too.
 */
async function revalidate(x: XClient, appToken: string, webhookId: string) {
  try {
    return await x.validateWebhook(appToken, webhookId);
  } catch (err) {
    const refused =
      err instanceof XApiError &&
      err.status >= 400 &&
      err.status < 500 &&
      err.status !== 429 &&
      !err.accountBlocked;
    if (!refused) throw err;
    return { valid: false, detail: err.detail };
  }
}

/**
 * Makes X push the agent's mentions to the webhook: registers it (X runs the CRC check against
 * our route) and subscribes the agent's account to `post.mention.create`, reusing what exists.
 * A webhook X lists as `valid: false` (it failed a CRC check) gets no events: it is re-validated
 * first, and if it still fails the failure is recorded (`mentions_push_failure`, shown on
 * /status) and thrown as a MentionPushError. Polling stays on as the catch-up path, so a failure
 * here only costs latency.
 */
export async function ensureMentionPush(
  deps: { db: Db; x: XClient; access: Access; now: () => Date },
  push: MentionPushSettings,
) {
  const { xUserId, accessToken } = await deps.access();
  const hooks = await deps.x.listWebhooks(push.appBearerToken);
  const found = hooks.find((h) => h.url === push.webhookUrl);
  const webhook = found ?? (await deps.x.registerWebhook(push.appBearerToken, push.webhookUrl));
  if (found?.valid === false) {
    const check = await revalidate(deps.x, push.appBearerToken, found.id);
    if (!check.valid) {
      const detail = check.detail ?? `X's CRC request to ${push.webhookUrl} did not get the answer`;
      await setAgentState(deps.db, 'mentions_push_failure', {
        webhookId: found.id,
        url: push.webhookUrl,
        detail,
        at: deps.now().toISOString(),
      });
      throw new MentionPushError(found.id, detail);
    }
  }
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
  await deleteAgentState(deps.db, 'mentions_push_failure');
  return value;
}
