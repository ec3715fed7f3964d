import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import {
  parseJsonKeepingIntegers,
  quoteUnsafeIntegers,
} from '@/integrations/constellation/index.ts';
import { RawJson } from '../raw-json.ts';
import { type NodeRejection, rejection, rejectionMessage } from '../validate.ts';

// A bare integer of 16+ digits: only then can quoting change the text (the scan is the cost).
const MAYBE_UNSAFE = /[:,[]\s*-?\d{16}/;
const BIGINT = '\u0000bigint:';
const RAW = '\u0000raw:';

/**
 * A JSON answer whose bigints are written as exact integer literals, as the nodes do; RawJson
 * text goes in as stored (unsafe integers quoted, as a parse and stringify would have).
 */
export function bigJson(c: Context, value: unknown, status: ContentfulStatusCode = 200) {
  const raws: string[] = [];
  const json = JSON.stringify(value, (_key, v) => {
    if (typeof v === 'bigint') return `${BIGINT}${v}`;
    if (v instanceof RawJson) return `${RAW}${raws.push(v.text) - 1}`;
    return v;
  });
  const text = json.replace(/"\\u0000(bigint|raw):(-?\d+)"/g, (_m, kind: string, n: string) => {
    if (kind === 'bigint') return n;
    const raw = raws[Number(n)] as string;
    return MAYBE_UNSAFE.test(raw) ? quoteUnsafeIntegers(raw) : raw;
  });
  return c.body(text, status, { 'content-type': 'application/json' });
}

/** Node (L0/L1) rejection: 400 `{"errors":[{"message":"Name(args)"}]}`. */
export function nodeError(c: Context, r: NodeRejection, status: ContentfulStatusCode = 400) {
  return c.json({ errors: [{ message: rejectionMessage(r) }] }, status);
}

/** Block explorer error: `{"message": "...", "errors": []}`. */
export function explorerError(c: Context, status: ContentfulStatusCode, message: string) {
  return c.json({ message, errors: [] }, status);
}

/** Reads an exact-integer JSON body against a schema; a bad body becomes a node-style 400. */
export async function readBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; rejection: NodeRejection }> {
  let json: unknown;
  try {
    json = parseJsonKeepingIntegers(await c.req.text());
  } catch {
    return { ok: false, rejection: rejection('InvalidRequestBody', 'malformed JSON') };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') || 'body';
  return { ok: false, rejection: rejection('InvalidRequestBody', `${where}: ${issue?.message}`) };
}
