import { createHmac } from 'node:crypto';

/** CLOB API credentials of the bot's account (created once with an L1 signature, kept in config). */
export interface ClobCredentials {
  /** The signer EOA the API key belongs to (POLY_ADDRESS). */
  address: string;
  key: string;
  /** Base64 (base64url tolerated) secret: the HMAC key once decoded. */
  secret: string;
  passphrase: string;
}

/**
 * The L2 signature (integrations.md §5.2): HMAC-SHA256, keyed by the base64-decoded secret, over
 * `timestamp + METHOD + requestPath + body`, where the path carries no query string. The result is
 * standard base64 made url-safe (`+`→`-`, `/`→`_`) with its `=` padding kept, as the CLOB checks it.
 */
export function signL2(
  secret: string,
  timestampSeconds: number,
  method: string,
  requestPath: string,
  body?: string,
): string {
  const key = Buffer.from(secret.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  const message = `${timestampSeconds}${method}${requestPath}${body ?? ''}`;
  return createHmac('sha256', key)
    .update(message)
    .digest('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/** The five POLY_* headers of an authenticated CLOB request. */
export function l2Headers(
  creds: ClobCredentials,
  p: { timestampSeconds: number; method: string; requestPath: string; body?: string },
): Record<string, string> {
  return {
    POLY_ADDRESS: creds.address,
    POLY_SIGNATURE: signL2(creds.secret, p.timestampSeconds, p.method, p.requestPath, p.body),
    POLY_TIMESTAMP: String(p.timestampSeconds),
    POLY_API_KEY: creds.key,
    POLY_PASSPHRASE: creds.passphrase,
  };
}
