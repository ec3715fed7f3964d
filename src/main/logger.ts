import pino from 'pino';

/**
 * Redacts every field that could carry a secret, wherever it sits in a log object.
 * Services must still never put keys or tokens into messages; this is the safety net.
 */
const REDACT = [
  'privateKey',
  'secret',
  'password',
  'token',
  'accessToken',
  'refreshToken',
  'apiKey',
  'authorization',
  'cookie',
  'masterKey',
].flatMap((k) => [k, `*.${k}`, `*.*.${k}`]);

export function createLogger(level: string) {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } });
}

export type { Logger } from 'pino';
