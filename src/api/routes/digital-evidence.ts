import { Hono } from 'hono';
import { z } from 'zod';
import { evidenceDetail, evidenceEntry } from '../../core/evidence/entry-view.ts';
import { createEvidenceCertificate } from '../../core/evidence/evidence-certificate.ts';
import {
  getEvidence,
  InvalidCursorError,
  listEvidence,
} from '../../core/evidence/list-evidence.ts';
import { publishedEvidenceKeys } from '../../core/evidence/published-keys.ts';
import { EvidenceApiError } from '../../integrations/evidence/index.ts';
import type {
  EvidenceDetail,
  EvidenceList,
  LivePostResponse,
  TweetStatus,
} from '../../shared/evidence/contract.ts';
import type { EvidenceKeys } from '../../shared/evidence/evidence-keys.ts';
import type { ProofResponse } from '../../shared/evidence/verify-evidence.ts';
import type { ApiDeps } from '../deps.ts';
import { AppError, badRequest, notFound } from '../http/errors.ts';
import { readQuery } from '../http/validate.ts';

const listQuery = z.object({
  search: z.string().max(200).optional(),
  cursor: z.string().max(200).optional(),
});
const tweetId = z.string().regex(/^[0-9]{1,19}$/, 'A post id is 1 to 19 digits');
const idOf = (raw: string) => {
  const parsed = tweetId.safeParse(raw);
  if (!parsed.success) throw badRequest('A post id is 1 to 19 digits', 'invalid_tweet_id');
  return parsed.data;
};

/** The public digital-evidence archive (spec §2, §3, §7). */
export function digitalEvidenceRoutes(deps: ApiDeps) {
  const app = new Hono();
  const url = (hash: string) => deps.evidence?.fingerprintUrl(hash) ?? '';

  // What verifiers trust, from this server's configuration (shared/evidence/evidence-keys.ts).
  const keys = publishedEvidenceKeys(deps.config.evidence);
  app.get('/keys', (c) => c.json(keys satisfies EvidenceKeys));

  app.get('/', async (c) => {
    const q = readQuery(c, listQuery);
    try {
      const page = await listEvidence(deps.db, { search: q.search?.trim(), cursor: q.cursor });
      return c.json({
        total: page.total,
        entries: page.rows.map((row) => evidenceEntry(row, url)),
        nextCursor: page.nextCursor,
      } satisfies EvidenceList);
    } catch (err) {
      if (err instanceof InvalidCursorError) throw badRequest(err.message, err.code);
      throw err;
    }
  });

  app.get('/:tweetId', async (c) => {
    const row = await getEvidence(deps.db, idOf(c.req.param('tweetId')));
    if (!row) throw notFound('No digital evidence for this post', 'evidence_not_found');
    return c.json(evidenceDetail(row, url) satisfies EvidenceDetail);
  });

  // The PDF certificate (issue 14): content, hashes, batch proof, QR code to this page.
  app.get('/:tweetId/certificate', async (c) => {
    const row = await getEvidence(deps.db, idOf(c.req.param('tweetId')));
    if (!row) throw notFound('No digital evidence for this post', 'evidence_not_found');
    const pdf = await createEvidenceCertificate(
      {
        evidence: deps.evidence,
        publicUrl: deps.config.publicUrl,
        productName: deps.config.publicConfig.productName,
      },
      row,
    );
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="evidence-${row.tweetId}.pdf"`,
    });
  });

  // Everything the verify panel checks, fetched from the Digital Evidence API on demand.
  app.get('/:tweetId/proof', async (c) => {
    const row = await getEvidence(deps.db, idOf(c.req.param('tweetId')));
    if (!row || !deps.evidence)
      throw notFound('No digital evidence for this post', 'evidence_not_found');
    try {
      const fingerprint = await deps.evidence.getFingerprint(row.fingerprintHash);
      const proof = await deps.evidence.getProof(row.fingerprintHash).catch((err) => {
        if (err instanceof EvidenceApiError && err.notFound) return null;
        throw err;
      });
      const batch = proof ? await deps.evidence.getBatch(proof.proof.batchId) : null;
      // No key in here: a verifier checks the proof with the keys it trusts (/keys).
      const body = { fingerprint, proof: proof?.proof ?? null, batch };
      return c.json(body satisfies ProofResponse);
    } catch (err) {
      if (err instanceof EvidenceApiError) {
        throw new AppError(
          503,
          'evidence_api_unavailable',
          'The Digital Evidence API did not answer',
        );
      }
      throw err;
    }
  });
  return app;
}

const STATUS_TTL_MS = 60_000;

/**
 * `GET /api/tweet-status/{id}` → `{available}` and `GET /api/tweet/{id}` → the live post for the
 * embed, both read through X with the agent's token and cached briefly (X bills per read).
 */
export function tweetRoutes(deps: ApiDeps) {
  const cache = new Map<string, { at: number; post: Awaited<ReturnType<typeof readLive>> }>();
  async function readLive(id: string) {
    if (!deps.agent) return null;
    const { accessToken } = await deps.agent.worker.access();
    const { tweet, includes } = await deps.x.getTweet(accessToken, id);
    if (!tweet) return null;
    const author = includes.users?.find((u) => u.id === tweet.author_id);
    return {
      id: tweet.id,
      text: tweet.text,
      createdAt: tweet.created_at ?? null,
      author: author
        ? {
            id: author.id,
            username: author.username,
            name: author.name,
            profileImageUrl: author.profile_image_url ?? null,
          }
        : null,
    };
  }
  async function live(id: string) {
    const hit = cache.get(id);
    if (hit && Date.now() - hit.at < STATUS_TTL_MS) return hit.post;
    const post = await readLive(id).catch(() => null);
    if (cache.size > 10_000) cache.clear();
    cache.set(id, { at: Date.now(), post });
    return post;
  }

  const app = new Hono();
  app.get('/tweet-status/:tweetId', async (c) =>
    c.json({
      available: (await live(idOf(c.req.param('tweetId')))) !== null,
    } satisfies TweetStatus),
  );
  app.get('/tweet/:tweetId', async (c) => {
    const post = await live(idOf(c.req.param('tweetId')));
    if (!post) throw notFound('Tweet not found', 'tweet_not_found');
    return c.json({ data: post } satisfies LivePostResponse);
  });
  return app;
}
