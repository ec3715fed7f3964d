import pino from 'pino';
import { logIds } from './metrics/log-context.ts';

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

/** `destination`: where lines go (default stdout; tests read them). */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  // mixin: the ids of the request or job a line is written in (reqId, jobId, postId).
  return pino(
    { level, redact: { paths: REDACT, censor: '[redacted]' }, mixin: logIds },
    destination,
  );
}

export type { Logger } from 'pino';
