import { Hono } from 'hono';
import { z } from 'zod';
import { batchAnchorLookup } from '@/core/evidence/batch-anchor.ts';
import { evidenceDetail, evidenceEntry } from '@/core/evidence/entry-view.ts';
import { createEvidenceCertificate } from '@/core/evidence/evidence-certificate.ts';
import { getEvidence, InvalidCursorError, listEvidence } from '@/core/evidence/list-evidence.ts';
import { loadInclusion } from '@/core/evidence/load-inclusion.ts';
import { publishedEvidenceKeys } from '@/core/evidence/published-keys.ts';
import { EvidenceApiError } from '@/integrations/evidence/index.ts';
import type { EvidenceDetail, EvidenceList } from '@/shared/evidence/contract.ts';
import type { EvidenceKeys } from '@/shared/evidence/evidence-keys.ts';
import type { ProofResponse } from '@/shared/evidence/verify-evidence.ts';
import type { ApiDeps } from '../deps.ts';
import { AppError, badRequest, notFound } from '../http/errors.ts';
import { readQuery } from '../http/validate.ts';

const listQuery = z.object({
  search: z.string().max(200).optional(),
  cursor: z.string().max(200).optional(),
});
const tweetId = z.string().regex(/^[0-9]{1,19}$/, 'A post id is 1 to 19 digits');
/** A post id from a path, or a 400. */
export const idOf = (raw: string) => {
  const parsed = tweetId.safeParse(raw);
  if (!parsed.success) throw badRequest('A post id is 1 to 19 digits', 'invalid_tweet_id');
  return parsed.data;
};

/** The public digital-evidence archive (shared/evidence/contract.ts). */
export function digitalEvidenceRoutes(deps: ApiDeps) {
  const app = new Hono();
  const url = (hash: string) => deps.evidence?.fingerprintUrl(hash) ?? '';
  const anchorOf = deps.evidence ? batchAnchorLookup(deps.evidence) : null;

  // What verifiers trust, from this server's configuration (shared/evidence/evidence-keys.ts).
  // Made at the first request: deriving the signer's public key builds secp256k1's tables,
  // 50–140 ms of the main thread that every restart spent before ready (decision 0079).
  let keys: EvidenceKeys | null = null;
  app.get('/keys', (c) => {
    keys ??= publishedEvidenceKeys(deps.config.evidence);
    return c.json(keys);
  });

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
    const anchor = anchorOf ? await anchorOf(row.fingerprintHash) : null;
    return c.json({ ...evidenceDetail(row, url), anchor } satisfies EvidenceDetail);
  });

  // The PDF certificate: content, hashes, batch proof, QR code to this page.
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
      const { fingerprint, proof, batch } = await loadInclusion(deps.evidence, row.fingerprintHash);
      // No key and no snapshot in here: a verifier checks the proof with the keys it trusts
      // (/keys) and reads the snapshot the batch names from the network itself.
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
