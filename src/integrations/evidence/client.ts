import type { z } from 'zod';
import { canonicalJson } from '@/shared/evidence/canonical-json.ts';
import { sha256Hex } from '@/shared/evidence/hex.ts';
import { EvidenceApiError, EvidenceResponseError } from './errors.ts';
import {
  errorBodySchema,
  type FingerprintStatus,
  type FingerprintSubmission,
  fingerprintDetailSchema,
  fingerprintListItemSchema,
  type SubmissionResult,
  submissionResultSchema,
} from './schemas.ts';
import { batchAnswerSchema, proofAnswerSchema, statsAnswerSchema } from './shapes.ts';

export type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;

export interface EvidenceClientOptions {
  /** Base URL without `/v1`, e.g. https://de-api.constellationnetwork.io. */
  baseUrl: string;
  apiKey: string | undefined;
  fetch?: FetchFn;
  timeoutMs?: number;
}

const dataOf = <T extends z.ZodType>(schema: T) =>
  ({ parse: (body: unknown) => schema.parse((body as { data?: unknown })?.data) }) as const;

/** The Digital Evidence REST API `/v1` (integrations.md §6) with typed errors. */
export function createEvidenceClient(opts: EvidenceClientOptions) {
  const base = opts.baseUrl.replace(/\/$/, '');
  const doFetch = opts.fetch ?? fetch;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    parser: { parse(body: unknown): T },
    p: { body?: unknown; auth?: boolean; query?: Record<string, string | number | undefined> } = {},
  ): Promise<T> {
    const url = new URL(`${base}/v1${path}`);
    for (const [k, v] of Object.entries(p.query ?? {}))
      if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (p.auth) {
      if (!opts.apiKey) throw new EvidenceApiError(401, ['no API key configured'], path);
      headers['x-api-key'] = opts.apiKey;
    }
    if (p.body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await doFetch(url.toString(), {
        method,
        headers,
        body: p.body === undefined ? undefined : JSON.stringify(p.body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new EvidenceApiError(0, [err instanceof Error ? err.message : String(err)], path);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      if (res.ok) throw new EvidenceResponseError(path, 'not JSON');
    }
    if (!res.ok) {
      const parsed = errorBodySchema.safeParse(json);
      const messages = parsed.success
        ? [...(parsed.data.errors ?? []).map((e) => e.message), parsed.data.message ?? '']
        : [text.slice(0, 200)];
      throw new EvidenceApiError(res.status, messages.filter(Boolean), path);
    }
    try {
      return parser.parse(json);
    } catch (err) {
      throw new EvidenceResponseError(path, err instanceof Error ? err.message : String(err));
    }
  }

  return {
    baseUrl: base,
    /** Public lookup URL of a fingerprint (what the archive links as `fingerprintUrl`). */
    fingerprintUrl: (hash: string) => `${base}/v1/fingerprints/${hash}`,
    submit: async (submissions: FingerprintSubmission[]) =>
      sameHashes(
        '/fingerprints',
        submissions,
        await call('POST', '/fingerprints', submissionResultSchema, {
          body: submissions,
          auth: true,
        }),
      ),
    /** Same checks as submit, nothing stored and no credits used. */
    validate: async (submissions: FingerprintSubmission[]) =>
      sameHashes(
        '/fingerprints/validate',
        submissions,
        await call('POST', '/fingerprints/validate', submissionResultSchema, {
          body: submissions,
          auth: true,
        }),
      ),
    getFingerprint: (hash: string) =>
      call('GET', `/fingerprints/${encodeURIComponent(hash)}`, dataOf(fingerprintDetailSchema)),
    getProof: (hash: string) =>
      call('GET', `/fingerprints/${encodeURIComponent(hash)}/proof`, dataOf(proofAnswerSchema)),
    latest: (q: { limit?: number; status?: FingerprintStatus } = {}) =>
      call('GET', '/fingerprints/latest', dataOf(fingerprintListItemSchema.array()), {
        query: q,
      }),
    /** The service's totals, and which vendor shape it answers in (`npm run doctor`). */
    stats: () => call('GET', '/fingerprints/stats', dataOf(statsAnswerSchema)),
    getBatch: (batchId: string) =>
      call('GET', `/batches/${encodeURIComponent(batchId)}`, dataOf(batchAnswerSchema)),
  };
}

export type EvidenceClient = ReturnType<typeof createEvidenceClient>;

/**
 * The API names each accepted fingerprint by its hash: SHA-256 of the value's RFC 8785 JSON. A
 * different hash means the service recorded something other than what was signed (or answered
 * for another submission), so the answer cannot count as a record of this post. The MCP shape
 * names no event: its results are the sent submissions in order, each named by its hash.
 */
function sameHashes(path: string, sent: FingerprintSubmission[], answered: SubmissionResult[]) {
  const results = answered.map((r, i) =>
    r.eventId === null ? { ...r, eventId: sent[i]?.attestation.content.eventId ?? '' } : r,
  );
  for (const result of results) {
    if (!result.accepted) continue;
    const submission = sent.find((s) => s.attestation.content.eventId === result.eventId);
    const expected = submission ? sha256Hex(canonicalJson(submission.attestation.content)) : null;
    if (result.hash.toLowerCase() !== expected) {
      throw new EvidenceResponseError(
        path,
        `fingerprint hash ${result.hash} for event ${result.eventId} is not ${expected ?? 'one that was sent'}`,
      );
    }
  }
  return results;
}
