import { Hono } from 'hono';
import { z } from 'zod';
import { ConstellationHttpError } from '@/integrations/constellation/index.ts';
import { TOKENS } from '@/shared/tokens.ts';
import { faucetRequestSchema } from '../faucet.ts';
import { bigJson, nodeError, readBody } from './respond.ts';

export interface AdminActions {
  faucet(req: z.output<typeof faucetRequestSchema>): Promise<{ hash: string }>;
  snapshot(tokens: readonly (typeof TOKENS)[number][]): Promise<Record<string, bigint | null>>;
}

/**
 * Sandbox-only controls: `POST /_admin/faucet {address, token, amount|tokens}` → `{hash}` (a real
 * transaction, waiting until the next snapshot), `POST /_admin/snapshot[?token=UP]` → the new
 * snapshot ordinals.
 */
export function adminRoutes(actions: AdminActions) {
  return new Hono()
    .post('/faucet', async (c) => {
      const body = await readBody(c, faucetRequestSchema);
      if (!body.ok) return nodeError(c, body.rejection);
      try {
        return c.json(await actions.faucet(body.data));
      } catch (err) {
        if (!(err instanceof ConstellationHttpError) || err.status >= 500) throw err;
        return c.json({ errors: [{ message: err.nodeMessage }] }, 400);
      }
    })
    .post('/snapshot', async (c) => {
      const token = z.enum(TOKENS).optional().safeParse(c.req.query('token'));
      if (!token.success) return c.json({ errors: [{ message: 'InvalidToken' }] }, 400);
      const ordinals = await actions.snapshot(token.data ? [token.data] : TOKENS);
      return bigJson(c, { ordinals });
    });
}
