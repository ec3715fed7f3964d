import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { AppError } from './errors.ts';

export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

/** Maps any thrown value to the JSON error shape; only unexpected errors become 500 (and get logged). */
export function handleError(err: Error, c: Context, logger: Logger) {
  if (err instanceof AppError) return c.json(errorBody(err.code, err.message), err.status);
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
