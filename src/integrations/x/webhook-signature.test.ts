import { describe, expect, it } from 'vitest';
import {
  CRC_TOKEN_SHAPE,
  crcResponseToken,
  signWebhookBody,
  verifyWebhookSignature,
} from './webhook-signature.ts';

// Vectors computed independently (Python hmac + base64), not by this module.
describe('X webhook CRC and signatures', () => {
  it('answers a CRC challenge with sha256=base64(HMAC-SHA256(secret, token))', () => {
    expect(crcResponseToken('consumer-secret', 'crc-token-123')).toBe(
      'sha256=pqNVCku98klY+uShlb3Xa/LIgd2B2xq7EveP37yRYOI=',
    );
  });

  it('accepts the body’s own signature and nothing else', () => {
    const body = '{"a":1}';
    const sig = 'sha256=5gBwR3qx6BzZFVpEj/8qjvH5fyQqh0HDZEJKyiXG/+Y=';
    expect(signWebhookBody('consumer-secret', body)).toBe(sig);
    expect(verifyWebhookSignature('consumer-secret', body, sig)).toBe(true);
    expect(verifyWebhookSignature('consumer-secret', '{"a":2}', sig)).toBe(false);
    expect(verifyWebhookSignature('other-secret', body, sig)).toBe(false);
    expect(verifyWebhookSignature('consumer-secret', body, undefined)).toBe(false);
    expect(verifyWebhookSignature('consumer-secret', body, 'sha256=')).toBe(false);
  });

  it('takes crc_tokens shaped as X sends them, never text a delivery body could be', () => {
    for (const token of ['9b4507b3-9040-4669-9ca3-6b94edb50553', 'AbC+/dE=', 'q83vEjRWeJq8_-'])
      expect(CRC_TOKEN_SHAPE.test(token)).toBe(true);
    for (const token of ['', '{"data":{}}', 'a b', 'a'.repeat(65), 'abc\n', 'токен'])
      expect(CRC_TOKEN_SHAPE.test(token)).toBe(false);
  });
});
