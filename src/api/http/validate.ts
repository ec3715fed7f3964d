import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

/** Reads and validates a JSON body. Malformed JSON and schema failures are the client's mistake: 400. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text === '' ? {} : JSON.parse(text);
  } catch {
    throw badRequest('Request body is not valid JSON', 'invalid_json');
  }
  return schema.parse(body);
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return schema.parse(c.req.query());
}
