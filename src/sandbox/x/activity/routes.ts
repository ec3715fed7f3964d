import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { crcResponseToken } from '@/integrations/x/index.ts';
import { xActivitySubscriptions, xClients, xWebhooks } from '../../db/schema/index.ts';
import { type ApiVars, apiEndpoint } from '../api/auth.ts';
import type { XEnv } from '../context.ts';
import { snowflake } from '../ids.ts';
import { FORBIDDEN, invalidRequest, problem } from '../problems.ts';
import { listSubscriptions, listWebhooks } from './store.ts';

const webhookBody = z.object({ url: z.url() });
const subscriptionBody = z.object({
  event_type: z.literal('post.mention.create'),
  filter: z.object({ user_id: z.string().regex(/^\d{1,19}$/) }),
  tag: z.string().max(200).optional(),
  webhook_id: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
});
const invalid = (message: string) => invalidRequest([{ message }]);
const iso = (d: Date) => d.toISOString();

/** Asks the URL for the CRC answer only the holder of the app's secret can give. */
export async function passesCrc(env: XEnv, url: string, secret: string) {
  const token = randomBytes(24).toString('base64url');
  try {
    const res = await env.fetch(`${url}${url.includes('?') ? '&' : '?'}crc_token=${token}`);
    const body = (await res.json()) as { response_token?: string };
    return res.ok && body.response_token === crcResponseToken(secret, token);
  } catch {
    return false;
  }
}

/**
 * X Activity API management as X serves it: `/2/webhooks` (app-only bearer; registering runs the
 * CRC check first) and `/2/activity/subscriptions` (`post.mention.create` is a private event:
 * user context, for the token's own user only). The local X app's consumer secret, which signs
 * CRC answers and deliveries, is its OAuth 2.0 client secret.
 */
export function activityRoutes(env: XEnv) {
  const app = new Hono<ApiVars>();
  const hooks = apiEndpoint(env, { bucket: 'webhooksApp', appBucket: 'webhooksApp', scopes: [] });
  const appOnly = (caller: ApiVars['Variables']['caller']) => caller.kind === 'app';

  app.post('/webhooks', hooks, async (c) => {
    const caller = c.get('caller');
    if (!appOnly(caller)) return problem(c, 403, FORBIDDEN);
    const parsed = webhookBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return problem(c, 400, invalid('url must be an absolute URL'));
    const [client] = await env.db
      .select()
      .from(xClients)
      .where(eq(xClients.clientId, caller.clientId));
    if (!client || !(await passesCrc(env, parsed.data.url, client.clientSecret))) {
      return problem(
        c,
        400,
        invalid('CrcValidationFailed: the webhook did not answer the CRC check'),
      );
    }
    const [row] = await env.db
      .insert(xWebhooks)
      .values({
        id: snowflake(env.now()).toString(),
        clientId: caller.clientId,
        url: parsed.data.url,
        createdAt: env.now(),
      })
      .returning();
    return c.json({
      data: { id: row!.id, url: row!.url, valid: true, created_at: iso(row!.createdAt) },
    });
  });
  app.get('/webhooks', hooks, async (c) => {
    const rows = await listWebhooks(env.db, c.get('caller').clientId);
    const data = rows.map((w) => ({
      id: w.id,
      url: w.url,
      valid: !env.invalidWebhooks.has(w.id),
      created_at: iso(w.createdAt),
    }));
    return c.json({ data, meta: { result_count: data.length } });
  });
  // Validate and re-enable: runs the CRC check against the registered URL now; `valid` is the
  // state after it (quickstart: "A 200 OK response indicates the CRC check was initiated").
  app.put('/webhooks/:id', hooks, async (c) => {
    const caller = c.get('caller');
    if (!appOnly(caller)) return problem(c, 403, FORBIDDEN);
    const id = c.req.param('id');
    const [hook] = await env.db
      .select()
      .from(xWebhooks)
      .where(and(eq(xWebhooks.id, id), eq(xWebhooks.clientId, caller.clientId)));
    const [client] = await env.db
      .select()
      .from(xClients)
      .where(eq(xClients.clientId, caller.clientId));
    if (!hook || !client) {
      return problem(
        c,
        400,
        invalid('WebhookIdInvalid: the webhook_id was not found or is not this app’s'),
      );
    }
    const valid = await passesCrc(env, hook.url, client.clientSecret);
    if (valid) env.invalidWebhooks.delete(hook.id);
    else env.invalidWebhooks.add(hook.id);
    return c.json({ data: { valid } });
  });
  app.delete('/webhooks/:id', hooks, async (c) => {
    env.invalidWebhooks.delete(c.req.param('id'));
    await env.db
      .delete(xWebhooks)
      .where(
        and(eq(xWebhooks.id, c.req.param('id')), eq(xWebhooks.clientId, c.get('caller').clientId)),
      );
    return c.json({ data: { deleted: true } });
  });

  const subs = apiEndpoint(env, {
    bucket: 'activitySubscriptions',
    scopes: ['tweet.read', 'users.read'],
  });
  app.post('/activity/subscriptions', subs, async (c) => {
    const caller = c.get('caller');
    const parsed = subscriptionBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return problem(c, 400, invalid(parsed.error.issues[0]?.message ?? 'bad body'));
    const body = parsed.data;
    // Private events: only the user whose token this is.
    if (caller.kind !== 'user' || caller.userId !== body.filter.user_id) {
      return problem(c, 403, FORBIDDEN);
    }
    const [row] = await env.db
      .insert(xActivitySubscriptions)
      .values({
        id: snowflake(env.now()).toString(),
        clientId: caller.clientId,
        eventType: body.event_type,
        userId: body.filter.user_id,
        webhookId: body.webhook_id ?? null,
        tag: body.tag ?? null,
        createdAt: env.now(),
      })
      .returning();
    return c.json({ data: present(row!) }, 201);
  });
  app.get('/activity/subscriptions', subs, async (c) => {
    const data = (await listSubscriptions(env.db, c.get('caller').clientId)).map(present);
    return c.json({ data, meta: { result_count: data.length } });
  });
  return app;
}

const present = (s: typeof xActivitySubscriptions.$inferSelect) => ({
  subscription_id: s.id,
  event_type: s.eventType,
  filter: { user_id: s.userId },
  tag: s.tag ?? undefined,
  webhook_id: s.webhookId ?? undefined,
  created_at: iso(s.createdAt),
});
