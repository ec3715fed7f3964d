import { Hono } from 'hono';
import { z } from 'zod';
import { receivePushedMention } from '@/agent/inbox/receive-pushed-mention.ts';
import {
  CRC_TOKEN_SHAPE,
  crcResponseToken,
  WEBHOOK_SIGNATURE_HEADER,
} from '@/integrations/x/index.ts';
import type { ApiDeps } from '../deps.ts';
import { AppError, notFound, unauthorized } from '../http/errors.ts';
import { readQuery } from '../http/validate.ts';

const crcQuery = z.object({
  crc_token: z.string().regex(CRC_TOKEN_SHAPE, 'crc_token is not a token X sends'),
});

/**
 * X's webhook for the agent's mentions (X Activity API). GET answers X's CRC challenge with the
 * consumer secret, for tokens shaped as X's only; POST takes a signed delivery as a hint: it is
 * stored and answered at once, and the post it names is read from X afterwards, before it
 * enters the agent's inbox (decisions 0018, 0045). Without push settings
 * (production without X_WEBHOOK_URL) the route does not exist.
 */
export function xWebhookRoutes(deps: ApiDeps) {
  const settings = () => {
    const push = deps.agent?.push;
    if (!push) throw notFound('Mention push is not configured on this server');
    return push;
  };
  return new Hono()
    .get('/', (c) => {
      const push = settings();
      const { crc_token } = readQuery(c, crcQuery);
      return c.json({ response_token: crcResponseToken(push.consumerSecret, crc_token) });
    })
    .post('/', async (c) => {
      const push = settings();
      const agent = deps.agent!;
      const receipt = await receivePushedMention(
        { db: deps.db, now: deps.now, agentUserId: () => agent.worker.agentUserId() },
        push,
        { rawBody: await c.req.text(), signature: c.req.header(WEBHOOK_SIGNATURE_HEADER) },
      );
      if (!receipt.ok && receipt.reason === 'bad_signature') {
        throw unauthorized('The delivery is not signed with this app’s secret', 'bad_signature');
      }
      if (!receipt.ok) throw new AppError(400, 'invalid_event', 'Not an X Activity API event');
      // Acknowledged once stored (decision 0045): the lookup at X runs after the answer, never
      // inside X's 10 s; the job stays queued for the worker if this process stops first.
      if (receipt.queued) {
        void agent.worker
          .drainPushedMentions()
          .catch((err) =>
            deps.logger.warn({ err: String(err) }, 'pushed mention lookup left to the worker'),
          );
      }
      return c.json({ ok: true, queued: receipt.queued });
    });
}
