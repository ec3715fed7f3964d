import type { MiddlewareHandler } from 'hono';
import type { ApiVars } from '../api/auth.ts';
import type { XEnv } from '../context.ts';
import { problem } from '../problems.ts';
import { chargeFor } from './bill-call.ts';
import { bill, creditBalance } from './credits.ts';

/**
 * X's answer when the balance is zero or below (pricing.mdx: "API requests will be blocked until
 * you add credits"). X's docs give no status or body; this is the one developers report from
 * the live API (HTTP 402; README, "Credits and billing").
 */
export const creditsDepleted = (accountId: string) => ({
  account_id: accountId,
  title: 'CreditsDepleted',
  detail: `Your enrolled account [${accountId}] does not have any credits to fulfill this request.`,
  type: 'https://api.twitter.com/2/problems/credits',
});

/** The account id X names in the problem: the local X's developer account (fixed). */
const ACCOUNT_ID = '1000000000000000001';

/**
 * Pay-per-use on every API call (not OAuth): refused with 402 while the balance is at or
 * below zero; a successful call is billed by the one price table (bill-call.ts).
 */
export function billing(env: XEnv): MiddlewareHandler<ApiVars> {
  return async (c, next) => {
    const path = c.req.path.replace(env.basePath, '');
    if (!path.startsWith('/2/') || path.startsWith('/2/oauth2/')) return next();
    const balance = await creditBalance(env.db);
    if (balance !== null && balance <= 0n) return problem(c, 402, creditsDepleted(ACCOUNT_ID));
    await next();
    const charge = await chargeFor(env, c, c.get('caller'));
    if (charge) await bill(env.db, { ...charge, now: env.now() });
  };
}
