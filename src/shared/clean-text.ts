/**
 * NUL and lone (unpaired) UTF-16 surrogates are not text: PostgreSQL refuses them (a 500 from deep
 * inside a query) and they cannot be encoded as UTF-8. Every edge that stores text refuses them
 * with a 400 (the API in api/http/clean-text.ts, the local simulators at their own edges).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isCleanText = (value: string) =>
  !value.includes('\u0000') && !LONE_SURROGATE.test(value);

export const UNCLEAN_TEXT_MESSAGE = 'may not contain NUL characters or unpaired surrogates';
