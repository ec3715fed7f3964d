import type { Context } from 'hono';
import type { z } from 'zod';
import { cleanTextReviver } from './clean-text.ts';
import { AppError, badRequest } from './errors.ts';

/**
 * Reads and validates a JSON body. Malformed JSON, NUL or unpaired surrogates in any string, and
 * schema failures are the client's mistake: 400.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text === '' ? {} : JSON.parse(text, cleanTextReviver);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest('Request body is not valid JSON', 'invalid_json');
  }
  return schema.parse(body);
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return schema.parse(c.req.query());
}

/** Path parameters (`/:category/:period`): a value outside the schema is a 400, not a 404. */
export function readParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return schema.parse(c.req.param());
}
