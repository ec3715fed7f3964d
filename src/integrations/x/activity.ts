import { z } from 'zod';
import { parseApiResponse, send, type XHttp } from './http.ts';
import { xTweetSchema, xUserSchema } from './schemas.ts';

const webhookSchema = z.object({ id: z.string(), url: z.string(), valid: z.boolean().optional() });
const webhookListSchema = z.object({ data: z.array(webhookSchema).default([]) });
const webhookCreatedSchema = z.object({ data: webhookSchema });
/**
 * `PUT /2/webhooks/:webhook_id` (quickstart, 'Validate and re-enable a webhook'): `{ data: { valid } }`;
 * the OpenAPI `ValidateWebhooksResponse` lets `data` be absent beside `errors` (then not valid).
 */
const webhookValidatedSchema = z
  .object({
    data: z.object({ valid: z.boolean() }).optional(),
    errors: z
      .array(
        z
          .object({
            title: z.string().optional(),
            detail: z.string().optional(),
            message: z.string().optional(),
          })
          .passthrough(),
      )
      .optional(),
  })
  .transform((b) => ({
    valid: b.data?.valid === true,
    detail: b.errors?.map((e) => e.detail ?? e.message ?? e.title).find(Boolean) ?? null,
  }));
const subscriptionSchema = z.object({
  subscription_id: z.string(),
  event_type: z.string(),
  filter: z.object({ user_id: z.string().optional() }).passthrough(),
  webhook_id: z.string().optional(),
});
const subscriptionListSchema = z.object({ data: z.array(subscriptionSchema).default([]) });
/**
 * X documents three shapes for the create answer (quickstart: `data` as the subscription, or as a
 * one-item list; OpenAPI: `data.subscription`): each is read as the one subscription.
 */
const subscriptionCreatedSchema = z
  .object({
    data: z.union([
      subscriptionSchema,
      z.array(subscriptionSchema).length(1),
      z.object({ subscription: subscriptionSchema }),
    ]),
  })
  .transform(({ data }) => {
    if (Array.isArray(data)) return { data: data[0]! };
    return { data: 'subscription' in data ? data.subscription : data };
  });

/** One X Activity API delivery: `{ data: { event_type, filter, payload: Post, includes } }`. */
export const activityEventSchema = z.object({
  data: z.object({
    event_uuid: z.string().optional(),
    event_type: z.string(),
    filter: z.object({ user_id: z.string().optional() }).passthrough(),
    tag: z.string().optional(),
    payload: xTweetSchema,
    includes: z
      .object({ users: z.array(xUserSchema).optional() })
      .passthrough()
      .optional(),
  }),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

/**
 * X Activity API management (docs.x.com/x-api/activity): webhooks with the app-only bearer
 * token, `post.mention.create` subscriptions with the agent's user token (a private event).
 */
export function createXActivityApi(apiUrl: string, http: XHttp) {
  const call = (token: string, method: string, path: string, body?: unknown) =>
    send(
      http.fetch,
      `${apiUrl}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      http.timeoutMs,
    );
  return {
    async listWebhooks(appToken: string) {
      const res = await call(appToken, 'GET', '/2/webhooks');
      return (await parseApiResponse(res, webhookListSchema, http.now)).body.data;
    },
    /** X checks the URL with a CRC challenge before it answers. */
    async registerWebhook(appToken: string, url: string) {
      const res = await call(appToken, 'POST', '/2/webhooks', { url });
      return (await parseApiResponse(res, webhookCreatedSchema, http.now)).body.data;
    },
    /**
     * Asks X to run the CRC check again (`PUT /2/webhooks/:webhook_id`, no body): a webhook that
     * failed one is `valid: false` and gets no events until it passes. `valid` is the state after
     * the check; `detail` is X's reason when it says one.
     */
    async validateWebhook(appToken: string, webhookId: string) {
      const res = await call(appToken, 'PUT', `/2/webhooks/${encodeURIComponent(webhookId)}`);
      return (await parseApiResponse(res, webhookValidatedSchema, http.now)).body;
    },
    async listActivitySubscriptions(userToken: string) {
      const res = await call(userToken, 'GET', '/2/activity/subscriptions');
      return (await parseApiResponse(res, subscriptionListSchema, http.now)).body.data;
    },
    async subscribeToMentions(userToken: string, p: { userId: string; webhookId: string }) {
      const res = await call(userToken, 'POST', '/2/activity/subscriptions', {
        event_type: 'post.mention.create',
        filter: { user_id: p.userId },
        webhook_id: p.webhookId,
        tag: 'upsider-agent-mentions',
      });
      return (await parseApiResponse(res, subscriptionCreatedSchema, http.now)).body.data;
    },
  };
}
