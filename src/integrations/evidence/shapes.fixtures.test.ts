import { describe, expect, it } from 'vitest';
import { verifyMerkleProof } from '@/shared/evidence/merkle.ts';
import { verifyMptProof } from '@/shared/evidence/mpt.ts';
import { createEvidenceClient } from './client.ts';
import fx from './fixtures/mcp-and-sdk-proofs.json' with { type: 'json' };
import sdk from './fixtures/sdk-examples.json' with { type: 'json' };

/** A client whose service answers each path with the fixture's body. */
function serving(bodies: Record<string, unknown>) {
  return createEvidenceClient({
    baseUrl: 'http://de.test',
    apiKey: 'k',
    fetch: async (url) => {
      const path = new URL(url).pathname;
      const body = bodies[path];
      return body === undefined
        ? new Response(JSON.stringify({ errors: [{ message: 'Not found' }] }), { status: 404 })
        : new Response(JSON.stringify(body));
    },
  });
}
const hash = fx.fingerprintHash;

describe('both vendor shapes, decided by the answer (fixtures from the vendor sources)', () => {
  it('the MCP shape: stats, fingerprint, batch and an MPT proof that verifies under the batch root', async () => {
    const client = serving({
      '/v1/fingerprints/stats': fx.mcp.stats.body,
      [`/v1/fingerprints/${hash}`]: fx.mcp.fingerprint.body,
      [`/v1/fingerprints/${hash}/proof`]: fx.mcp.proof.body,
      [`/v1/batches/${fx.mcp.batch.body.data.id}`]: fx.mcp.batch.body,
    });
    expect(await client.stats()).toMatchObject({ shape: 'mcp', fingerprintsTotal: 5120 });
    const detail = await client.getFingerprint(hash);
    expect(detail.batchId).toBe(fx.mcp.batch.body.data.id);
    const batch = await client.getBatch(detail.batchId!);
    expect(batch).toMatchObject({ shape: 'mcp', globalSnapshotOrdinal: 5200001 });
    const proof = await client.getProof(hash);
    expect(proof.shape).toBe('mcp');
    if (proof.shape !== 'mcp') throw new Error('unreachable');
    expect(proof.proof.leafKey).toBe(hash);
    expect(verifyMptProof(proof.proof, batch.root!)).toBe(true);
    expect(verifyMptProof(proof.proof, fx.sdk.batch.body.data.batchRoot)).toBe(false);
  });

  it('the SDK shape: stats, batch and a binary proof that verifies under the batch root', async () => {
    const client = serving({
      '/v1/fingerprints/stats': sdk.stats,
      [`/v1/fingerprints/${hash}/proof`]: fx.sdk.proof.body,
      [`/v1/batches/${fx.sdk.batch.body.data.batchId}`]: fx.sdk.batch.body,
    });
    expect(await client.stats()).toMatchObject({ shape: 'sdk', fingerprintsTotal: 100 });
    const proof = await client.getProof(hash);
    if (proof.shape !== 'sdk') throw new Error(`expected the SDK shape, got ${proof.shape}`);
    const batch = await client.getBatch(proof.proof.batchId);
    expect(batch).toMatchObject({ shape: 'sdk', globalSnapshotOrdinal: null });
    expect(verifyMerkleProof(hash, proof.proof, batch.root!)).toBe(true);
    expect(verifyMerkleProof(hash, proof.proof, fx.mcp.batch.body.data.mptRoot)).toBe(false);
  });

  it('an MCP submit answer names no event: matched to what was sent by its hash', async () => {
    const client = serving({});
    const parsed = await import('./schemas.ts').then((m) =>
      m.submissionResultSchema.parse(fx.mcp.submit.body),
    );
    expect(parsed[0]).toMatchObject({ hash, accepted: true, eventId: null, shape: 'mcp' });
    expect(client.baseUrl).toBe('http://de.test');
  });
});
