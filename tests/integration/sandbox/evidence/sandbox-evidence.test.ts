import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSubmission,
  createEvidenceClient,
  EvidenceApiError,
} from '@/integrations/evidence/index.ts';
import { sha256Hex } from '@/shared/evidence/hex.ts';
import { verifyMerkleProof } from '@/shared/evidence/merkle.ts';
import { verifyValue } from '@/shared/evidence/signature.ts';
import { type AgentEnv, startAgentEnv } from '../../../support/agent-env.ts';

let t: AgentEnv;
const client = (apiKey?: string) =>
  createEvidenceClient({
    baseUrl: t.config.evidence.url,
    apiKey: apiKey ?? t.config.evidence.apiKey,
    fetch: async (url, init) => t.app.request(url, init),
  });
const submission = (n: number, key = t.config.evidence.readSigningKey()!) =>
  buildSubmission({
    orgId: t.config.evidence.orgId,
    tenantId: t.config.evidence.tenantId,
    eventId: `event-${n}`,
    documentId: `doc-${n}`,
    documentRef: sha256Hex(`document ${n}`),
    timestamp: new Date('2026-11-23T12:00:00Z'),
    privateKeyHex: key,
    tags: { author_username: 'alice', tweet_id: String(n) },
  });

beforeAll(async () => {
  t = await startAgentEnv();
});
afterAll(() => t?.close());

describe('the local Digital Evidence API', () => {
  it('is listed by GET /sandbox with its key, ids and batch public key', async () => {
    const { body } = await t.call('GET', '/sandbox');
    expect(body.services.evidence.apiKey).toBe(t.config.evidence.apiKey);
    expect(body.services.evidence.batchPublicKey).toBe(t.config.evidence.batchPublicKey);
  });

  it('refuses a wrong API key with a typed, non-retryable error', async () => {
    const err = await client('wrong')
      .submit([submission(0).submission])
      .catch((e) => e);
    expect(err).toBeInstanceOf(EvidenceApiError);
    expect(err.status).toBe(401);
    expect(err.retryable).toBe(false);
  });

  it('rejects a forged signature and a wrong metadata hash; validate stores nothing', async () => {
    const good = submission(1).submission;
    const forged = structuredClone(good);
    forged.attestation.content.documentRef = sha256Hex('other');
    const [r1, r2] = await client().submit([
      forged,
      { ...good, metadata: { hash: 'ab'.repeat(32) } },
    ]);
    expect(r1!.accepted).toBe(false);
    expect(r1!.errors.join()).toMatch(/invalid signature/);
    expect(r2!.errors.join()).toMatch(/metadata.hash/);
    const [v] = await client().validate([good]);
    expect(v!.accepted).toBe(true);
    const missing = await client()
      .getFingerprint(v!.hash)
      .catch((e) => e);
    expect(missing.notFound).toBe(true);
  });

  it('accepts, batches into a signed Merkle tree, and finalizes: UNASSIGNED → ASSIGNED → FINALIZED', async () => {
    const subs = [2, 3, 4].map((n) => submission(n));
    const results = await client().submit(subs.map((s) => s.submission));
    expect(results.map((r) => r.accepted)).toEqual([true, true, true]);
    expect(results.map((r) => r.hash)).toEqual(subs.map((s) => s.hash));
    // Submitting the same signed value again is the same fingerprint, not an error.
    expect((await client().submit([subs[0]!.submission]))[0]!.accepted).toBe(true);

    const hash = subs[1]!.hash;
    expect((await client().getFingerprint(hash)).status).toBe('UNASSIGNED');
    expect(
      (
        await client()
          .getProof(hash)
          .catch((e) => e)
      ).status,
    ).toBe(404);

    await t.call('POST', '/sandbox/evidence/_admin/batch');
    const assigned = await client().getFingerprint(hash);
    expect(assigned.status).toBe('ASSIGNED');
    expect(assigned.tags).toEqual({ author_username: 'alice', tweet_id: '3' });

    const answer = await client().getProof(hash);
    if (answer.shape !== 'sdk') throw new Error('the sandbox answers in the SDK shape by default');
    const { proof } = answer;
    expect(verifyMerkleProof(hash, proof, proof.batchRoot)).toBe(true);
    expect(verifyMerkleProof(subs[0]!.hash, proof, proof.batchRoot)).toBe(false);
    const batchValue = { batchId: proof.batchId, batchRoot: proof.batchRoot };
    const signer = { id: t.config.evidence.batchPublicKey!, signature: proof.signature! };
    expect(verifyValue(batchValue, signer)).toBe(true);
    expect(verifyValue({ ...batchValue, batchRoot: sha256Hex('x') }, signer)).toBe(false);

    await t.call('POST', '/sandbox/evidence/_admin/batch');
    expect((await client().getFingerprint(hash)).status).toBe('FINALIZED_COMMITMENT');
    const batch = await client().getBatch(proof.batchId);
    expect(batch).toMatchObject({ status: 'FINALIZED_COMMITMENT', root: proof.batchRoot });
    // Finalized: committed into the local global snapshot it names (decision 0051).
    expect(batch.globalSnapshotHash).toMatch(/^[0-9a-f]{64}$/);
    const snap = await t.call(
      'GET',
      `/sandbox/constellation/dag-l0/global-snapshots/${batch.globalSnapshotOrdinal}`,
    );
    expect(snap.body.hash).toBe(batch.globalSnapshotHash);
    expect(JSON.stringify(snap.body.value.stateChannelSnapshots)).toContain(proof.batchRoot);

    const stats = await client().stats();
    expect(stats.raw).toMatchObject({ totalFingerprints: 3, totalBatches: 1, totalFinalized: 3 });
    const latest = await client().latest({ limit: 2, status: 'FINALIZED_COMMITMENT' });
    expect(latest).toHaveLength(2);
  });

  it('refuses another value under a used eventId', async () => {
    const again = buildSubmission({
      orgId: t.config.evidence.orgId,
      tenantId: t.config.evidence.tenantId,
      eventId: 'event-2',
      documentId: 'doc-x',
      documentRef: sha256Hex('another'),
      timestamp: new Date(),
      privateKeyHex: t.config.evidence.readSigningKey()!,
    });
    const [r] = await client().submit([again.submission]);
    expect(r!.accepted).toBe(false);
    expect(r!.errors.join()).toMatch(/eventId/);
  });
});
