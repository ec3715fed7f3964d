import type { z } from 'zod';
import {
  ConstellationHttpError,
  ConstellationNetworkError,
  ConstellationResponseError,
  parseNodeError,
} from './errors.ts';
import { parseJsonKeepingIntegers } from './json.ts';
import type { HttpAnswer, Transport } from './transport.ts';

export type { FetchFn } from './transport.ts';

export interface HttpOptions {
  transport: Transport;
  timeoutMs: number;
}

/**
 * One request to a node: network failures and timeouts → ConstellationNetworkError, non-2xx →
 * ConstellationHttpError (with the node's error name), a 2xx body of the wrong shape →
 * ConstellationResponseError. Bodies are parsed integer-exact (see json.ts).
 */
export async function requestJson<S extends z.ZodType>(
  http: HttpOptions,
  url: string,
  schema: S,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<z.output<S>> {
  let answer: HttpAnswer;
  try {
    const headers = { accept: 'application/json', ...init.headers };
    const call = { method: init.method ?? 'GET', headers, body: init.body };
    answer = await http.transport(url, call, http.timeoutMs);
  } catch (err) {
    throw new ConstellationNetworkError(url, err);
  }
  const { status, text } = answer;
  if (status < 200 || status > 299) {
    const { nodeMessage, errorName } = parseNodeError(text);
    throw new ConstellationHttpError(url, status, nodeMessage, errorName);
  }
  let json: unknown;
  try {
    json = parseJsonKeepingIntegers(text);
  } catch {
    throw new ConstellationResponseError(url, `not JSON: ${text.slice(0, 200)}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConstellationResponseError(url, `${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}

/** Same as requestJson, but a 404 means "not there" and returns null. */
export async function requestJsonOrNull<S extends z.ZodType>(
  http: HttpOptions,
  url: string,
  schema: S,
): Promise<z.output<S> | null> {
  try {
    return await requestJson(http, url, schema);
  } catch (err) {
    if (err instanceof ConstellationHttpError && err.status === 404) return null;
    throw err;
  }
}
