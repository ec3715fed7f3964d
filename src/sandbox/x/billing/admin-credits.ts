import { Hono } from 'hono';
import { z } from 'zod';
import { formatMicroUsd } from '@/integrations/x/index.ts';
import { dayKey } from '@/shared/utc-keys.ts';
import { readBody } from '../admin-io.ts';
import type { XEnv } from '../context.ts';
import { billOfDay, changeCredits, creditBalance } from './credits.ts';

/** A USD amount with up to 6 decimals, as exact micro-dollars. */
const usd = z
  .string()
  .regex(/^-?\d{1,9}(\.\d{1,6})?$/, 'must be a USD amount like "5" or "0.25"')
  .transform((v) => {
    const [whole, frac = ''] = v.replace('-', '').split('.');
    const micro = BigInt(whole!) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
    return v.startsWith('-') ? -micro : micro;
  });

const creditsBody = z.union([
  z.object({ balanceUsd: usd }).strict(),
  z.object({ addUsd: usd }).strict(),
  z.object({ unlimited: z.literal(true) }).strict(),
]);

const view = async (env: XEnv) => {
  const balance = await creditBalance(env.db);
  return {
    unlimited: balance === null,
    balanceMicroUsd: balance?.toString() ?? null,
    balance: balance === null ? null : formatMicroUsd(balance),
    today: await billOfDay(env.db, dayKey(env.now())),
  };
};

/** GET / POST {base}/_admin/credits: read, set or add to the pay-per-use balance. */
export function creditsAdminRoutes(env: XEnv) {
  const app = new Hono();
  app.get('/', async (c) => c.json(await view(env)));
  app.post('/', async (c) => {
    const input = await readBody(c.req.raw, creditsBody);
    if (!input.ok) return input.response;
    const v = input.value;
    const now = env.now();
    if ('unlimited' in v) await changeCredits(env.db, { set: null }, now);
    else if ('balanceUsd' in v) await changeCredits(env.db, { set: v.balanceUsd }, now);
    else await changeCredits(env.db, { add: v.addUsd }, now);
    return c.json(await view(env));
  });
  return app;
}
