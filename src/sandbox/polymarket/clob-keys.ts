import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { verifyTypedData } from 'viem';
import { type ClobAccount, MAX_CLOCK_SKEW_SECONDS } from './clob-auth.ts';

/** Signed by L1 headers (clob-client src/signing/eip712.ts and constants.ts, integrations.md §5.2). */
const MESSAGE = 'This message attests that I control the given wallet';
const TYPES = {
  ClobAuth: [
    { name: 'address', type: 'address' },
    { name: 'timestamp', type: 'string' },
    { name: 'nonce', type: 'uint256' },
    { name: 'message', type: 'string' },
  ],
} as const;
/** Polygon and its Amoy testnet, the chains clob-client signs for. */
const CHAINS = [137, 80002];

/** The bot's API key and those wallets created through L1, by key. */
export function createClobAccounts(bot: ClobAccount) {
  const byKeyMap = new Map<string, ClobAccount>([[bot.key, bot]]);
  const byAddress = new Map<string, ClobAccount>([[bot.address.toLowerCase(), bot]]);
  return {
    byKey: (key: string) => byKeyMap.get(key) ?? null,
    byAddress: (address: string) => byAddress.get(address.toLowerCase()) ?? null,
    /** One key per wallet and nonce, as the CLOB derives them (deterministic here). */
    create(address: string, nonce: string): ClobAccount {
      const seed = createHash('sha256').update(`clob:${address.toLowerCase()}:${nonce}`).digest();
      const hex = seed.toString('hex');
      const account = {
        address,
        key: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`,
        secret: seed.toString('base64url'),
        passphrase: hex.slice(32, 64),
      };
      byKeyMap.set(account.key, account);
      byAddress.set(address.toLowerCase(), account);
      return account;
    },
  };
}

type Accounts = ReturnType<typeof createClobAccounts>;
const creds = (a: ClobAccount) => ({ apiKey: a.key, secret: a.secret, passphrase: a.passphrase });

/** `POST /auth/api-key` and `GET /auth/derive-api-key` behind L1 (EIP-712 ClobAuth) headers. */
export function clobKeyRoutes(accounts: Accounts, now: () => Date) {
  const app = new Hono();
  async function signer(h: (name: string) => string): Promise<string | null> {
    const address = h('POLY_ADDRESS');
    const ts = h('POLY_TIMESTAMP');
    const nonce = h('POLY_NONCE') || '0';
    const skew = Math.abs(Math.floor(now().getTime() / 1000) - Number(ts));
    if (!/^0x[0-9a-fA-F]{40}$/.test(address) || !/^\d+$/.test(ts) || !/^\d+$/.test(nonce))
      return null;
    if (skew > MAX_CLOCK_SKEW_SECONDS) return null;
    for (const chainId of CHAINS) {
      const ok = await verifyTypedData({
        address: address as `0x${string}`,
        domain: { name: 'ClobAuthDomain', version: '1', chainId },
        types: TYPES,
        primaryType: 'ClobAuth',
        message: {
          address: address as `0x${string}`,
          timestamp: ts,
          nonce: BigInt(nonce),
          message: MESSAGE,
        },
        signature: h('POLY_SIGNATURE') as `0x${string}`,
      }).catch(() => false);
      if (ok) return address;
    }
    return null;
  }
  const unauthorized = { error: 'Unauthorized/Invalid api key' };
  app.post('/api-key', async (c) => {
    const address = await signer((n) => c.req.header(n) ?? '');
    if (!address) return c.json(unauthorized, 401);
    return c.json(creds(accounts.create(address, c.req.header('POLY_NONCE') || '0')));
  });
  app.get('/derive-api-key', async (c) => {
    const address = await signer((n) => c.req.header(n) ?? '');
    if (!address) return c.json(unauthorized, 401);
    const known = accounts.byAddress(address);
    return known ? c.json(creds(known)) : c.json({ error: 'Could not derive api key!' }, 400);
  });
  return app;
}
