import type { MiddlewareHandler } from 'hono';
import { badRequest } from './errors.ts';

/**
 * NUL and lone (unpaired) UTF-16 surrogates are not text: PostgreSQL refuses them (a 500 from deep
 * inside a query) and they cannot be encoded as UTF-8. They are refused at the edge with a 400.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isCleanText = (value: string) =>
  !value.includes('\u0000') && !LONE_SURROGATE.test(value);

export const invalidText = () =>
  badRequest('Text may not contain NUL characters or unpaired surrogates', 'invalid_text');

/** JSON.parse reviver: every key and string value must be clean text. */
export function cleanTextReviver(key: string, value: unknown) {
  if (!isCleanText(key) || (typeof value === 'string' && !isCleanText(value))) throw invalidText();
  return value;
}

/** Path parameters and query strings are checked once, for every API route. */
export const rejectUncleanUrl: MiddlewareHandler = async (c, next) => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(new URL(c.req.url).pathname);
  } catch {
    throw badRequest('The URL is not valid', 'invalid_url');
  }
  const query = Object.entries(c.req.queries()).flat(2);
  if (!isCleanText(decoded) || !query.every((v) => isCleanText(v))) throw invalidText();
  await next();
};
