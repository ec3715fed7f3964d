import type { MiddlewareHandler } from 'hono';
import { isCleanText } from '@/shared/clean-text.ts';
import { badRequest } from './errors.ts';

/** NUL and lone surrogates (shared/clean-text.ts) are refused at the API's edge with a 400. */
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
