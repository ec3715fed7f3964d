import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { DomainError, type ErrorKind } from '@/core/errors.ts';
import type { Logger } from '@/shared/logger.ts';
import { AppError } from './errors.ts';

/** The one place a domain error's kind becomes an HTTP status. */
export const STATUS_OF_KIND: Record<ErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  refused: 422,
  rate_limited: 429,
  upstream_failed: 502,
  unavailable: 503,
};

export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

/** Maps any thrown value to the JSON error shape; only unexpected errors become 500 (and get logged). */
export function handleError(err: Error, c: Context, logger: Logger) {
  if (err instanceof AppError) return c.json(errorBody(err.code, err.message), err.status);
  if (err instanceof DomainError) {
    return c.json(errorBody(err.code, err.message), STATUS_OF_KIND[err.kind]);
  }
  if (err instanceof ZodError) {
    const message = err.issues
      .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
      .join('; ');
    return c.json(errorBody('invalid_request', message), 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const code =
      status === 413 ? 'payload_too_large' : status < 500 ? 'bad_request' : 'server_error';
    return c.json(errorBody(code, err.message || 'Request failed'), status);
  }
  logger.error({ err, path: c.req.path, method: c.req.method }, 'unhandled error');
  return c.json(errorBody('server_error', 'Something went wrong on our side'), 500);
}
