import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { signL2 } from '@/integrations/polymarket/index.ts';

export interface ClobAccount {
  address: string;
  key: string;
  secret: string;
  passphrase: string;
}

/** How far POLY_TIMESTAMP may be from the twin's clock (the real CLOB refuses stale requests). */
export const MAX_CLOCK_SKEW_SECONDS = 30;

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * L2 authentication as the CLOB does it: the five POLY_* headers, the API key and passphrase of
 * the account, a fresh timestamp and the HMAC over timestamp + method + path (no query) + body.
 */
export function clobL2Auth(
  byKey: (apiKey: string) => ClobAccount | null,
  now: () => Date,
): MiddlewareHandler {
  return async (c, next) => {
    const h = (name: string) => c.req.header(name) ?? '';
    const ts = h('POLY_TIMESTAMP');
    const refuse = (why: string) => c.json({ error: `Unauthorized/Invalid api key (${why})` }, 401);
    if (!h('POLY_API_KEY') || !h('POLY_SIGNATURE') || !ts || !h('POLY_PASSPHRASE')) {
      return refuse('missing L2 headers');
    }
    const account = byKey(h('POLY_API_KEY'));
    if (!account || !same(h('POLY_PASSPHRASE'), account.passphrase)) {
      return refuse('unknown api key');
    }
    if (h('POLY_ADDRESS').toLowerCase() !== account.address.toLowerCase()) {
      return refuse('address does not own the api key');
    }
    const seconds = Number(ts);
    const skew = Math.abs(Math.floor(now().getTime() / 1000) - seconds);
    if (!/^\d+$/.test(ts) || skew > MAX_CLOCK_SKEW_SECONDS) return refuse('timestamp too old');
    const body = c.req.method === 'GET' ? '' : await c.req.text();
    const expected = signL2(
      account.secret,
      seconds,
      c.req.method,
      new URL(c.req.url).pathname.replace(/^.*\/clob/, ''),
      body,
    );
    if (!same(h('POLY_SIGNATURE'), expected)) return refuse('bad signature');
    await next();
  };
}
