import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { l2Headers, signL2 } from './hmac.ts';

describe('CLOB L2 signature', () => {
  it('matches the clob-client test vector on fixed inputs', () => {
    // Polymarket/clob-client test/signing/hmac.test.ts: the expected value its own tests assert.
    const signature = signL2(
      'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      1000000,
      'test-sign',
      '/orders',
      '{"hash": "0x123"}',
    );
    expect(signature).toBe('ZwAdJKvoYRlEKDkNMwd5BuwNNtg93kNaR_oU2HrfVvc=');
  });

  it('decodes a base64url secret and signs timestamp + method + path with no body', () => {
    const raw = Buffer.from([251, 255, 190, 1, 2, 3, 250, 239]);
    const urlSafe = raw.toString('base64url');
    expect(urlSafe).toMatch(/[-_]/);
    const expected = createHmac('sha256', raw)
      .update('1700000000GET/data/orders')
      .digest('base64')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(signL2(urlSafe, 1700000000, 'GET', '/data/orders')).toBe(expected);
    expect(signL2(raw.toString('base64'), 1700000000, 'GET', '/data/orders')).toBe(expected);
  });

  it('keeps the padding and never emits + or /', () => {
    for (let t = 0; t < 50; t++) {
      const s = signL2('c2VjcmV0', t, 'GET', '/data/orders');
      expect(s).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    }
  });

  it('builds the five POLY_* headers', () => {
    const creds = { address: '0xabc', key: 'k-1', secret: 'c2VjcmV0', passphrase: 'pp' };
    const h = l2Headers(creds, {
      timestampSeconds: 42,
      method: 'GET',
      requestPath: '/data/orders',
    });
    expect(h).toEqual({
      POLY_ADDRESS: '0xabc',
      POLY_SIGNATURE: signL2('c2VjcmV0', 42, 'GET', '/data/orders'),
      POLY_TIMESTAMP: '42',
      POLY_API_KEY: 'k-1',
      POLY_PASSPHRASE: 'pp',
    });
  });
});
