import { Hono } from 'hono';
import { z } from 'zod';
import { receivePushedMention } from '../../agent/inbox/receive-pushed-mention.ts';
import {
  CRC_TOKEN_SHAPE,
  crcResponseToken,
  WEBHOOK_SIGNATURE_HEADER,
} from '../../integrations/x/index.ts';
import type { ApiDeps } from '../deps.ts';
import { AppError, notFound, unauthorized } from '../http/errors.ts';
import { readQuery } from '../http/validate.ts';

const crcQuery = z.object({
  crc_token: z.string().regex(CRC_TOKEN_SHAPE, 'crc_token is not a token X sends'),
});

/**
 * X's webhook for the agent's mentions (X Activity API). GET answers X's CRC challenge with the
 * consumer secret, for tokens shaped as X's only; POST takes a signed delivery as a hint: the
 * post it names is read from X before it enters the agent's inbox. Without push settings
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
        {
          db: deps.db,
          x: deps.x,
          now: deps.now,
          logger: deps.logger,
          access: () => agent.worker.access(),
          agentHandle: agent.handle,
          firstReadWindowMs: agent.config.firstReadWindowMs,
        },
        push,
        { rawBody: await c.req.text(), signature: c.req.header(WEBHOOK_SIGNATURE_HEADER) },
      );
      if (!receipt.ok && receipt.reason === 'bad_signature') {
        throw unauthorized('The delivery is not signed with this app’s secret', 'bad_signature');
      }
      if (!receipt.ok) throw new AppError(400, 'invalid_event', 'Not an X Activity API event');
      return c.json({ ok: true, stored: receipt.stored });
    });
}
