import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * X's webhook security (X Activity API webhooks, as for the Account Activity API before it):
 * - CRC: X calls GET <webhook>?crc_token=T and expects
 *   `{ "response_token": "sha256=" + base64(HMAC-SHA256(consumer secret, T)) }`.
 * - Every delivery carries `x-twitter-webhooks-signature: sha256=<base64 HMAC-SHA256(consumer
 *   secret, raw body)>`; a receiver must check it before trusting the body.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-twitter-webhooks-signature';

/**
 * A crc_token as X sends it: a short random token in base64 / base64url characters. The CRC
 * answer is the very HMAC a delivery's signature is, so answering any other text would sign a
 * body of the asker's choosing; no JSON body (braces, quotes, colons) fits this shape.
 */
export const CRC_TOKEN_SHAPE = /^[A-Za-z0-9+/_-]{1,64}={0,2}$/;

const hmac = (secret: string, data: string) =>
  `sha256=${createHmac('sha256', secret).update(data, 'utf8').digest('base64')}`;

export const crcResponseToken = (consumerSecret: string, crcToken: string) =>
  hmac(consumerSecret, crcToken);

export const signWebhookBody = (consumerSecret: string, rawBody: string) =>
  hmac(consumerSecret, rawBody);

/** Constant-time comparison of the header with the signature the body should have. */
export function verifyWebhookSignature(
  consumerSecret: string,
  rawBody: string,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(signWebhookBody(consumerSecret, rawBody));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
