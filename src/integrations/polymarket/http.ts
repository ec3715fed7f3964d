import type { z } from 'zod';
import { PolymarketHttpError, PolymarketNetworkError, PolymarketResponseError } from './errors.ts';
import { apiErrorSchema } from './schemas.ts';

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

/** One GET: network → PolymarketNetworkError, non-2xx → PolymarketHttpError, bad shape → PolymarketResponseError. */
export async function getJson<S extends z.ZodType>(
  http: { fetch: FetchFn; timeoutMs: number },
  url: string,
  schema: S,
  headers: Record<string, string> = {},
): Promise<z.output<S>> {
  let res: Response;
  let text: string;
  try {
    res = await http.fetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(http.timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    throw new PolymarketNetworkError(url, err);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    if (!res.ok) throw new PolymarketHttpError(url, res.status, text.slice(0, 200));
    throw new PolymarketResponseError(url, `not JSON: ${text.slice(0, 200)}`);
  }
  if (!res.ok) {
    const e = apiErrorSchema.safeParse(json);
    throw new PolymarketHttpError(url, res.status, e.success ? e.data.error : text.slice(0, 200));
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PolymarketResponseError(url, `${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}
