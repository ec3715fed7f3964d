import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { buildSubmission } from '@/integrations/evidence/submission.ts';
import type { AnchorDeps } from './anchor.ts';
import type { TrustedKeys } from './evidence-keys.ts';
import { fromHex, sha256Hex, toHex, utf8 } from './hex.ts';
import { merkleProof, merkleRoot } from './merkle.ts';
import { buildMpt } from './mpt-build.ts';
import { contentHashOf, type PostRecord } from './post-record.ts';
import { publicKeyId, signValue } from './signature.ts';
import { type EvidenceToVerify, type ProofResponse, verifyEvidence } from './verify-evidence.ts';

const archiveKey = sha256Hex('archive signer');
const networkKey = sha256Hex('network batch signer');
const keys: TrustedKeys = {
  signerId: publicKeyId(archiveKey),
  batchPublicKey: publicKeyId(networkKey),
  source: 'pinned in test',
};

function archived(tweetId: string, signWith = archiveKey) {
  const record: PostRecord = {
    version: 1,
    platform: 'x',
    tweetId,
    author: { id: '7', username: 'carol' },
    createdAt: '2026-11-23T10:00:00.000Z',
    text: 'The bridge opens Monday.',
    media: [],
    entities: { mentions: [], hashtags: [], urls: [] },
  };
  const contentHash = contentHashOf(record);
  const { submission, hash } = buildSubmission({
    orgId: '00000000-0000-4000-8000-000000000001',
    tenantId: '00000000-0000-4000-8000-000000000002',
    eventId: `event-${tweetId}`,
    documentId: `x:${tweetId}`,
    documentRef: contentHash,
    timestamp: new Date('2026-11-23T11:00:00Z'),
    privateKeyHex: signWith,
    tags: { tweet_id: tweetId },
  });
  const leaves = [hash, sha256Hex('other')];
  const batchRoot = merkleRoot(leaves);
  const proof = {
    batchId: 'b1',
    batchRoot,
    signature: signValue({ batchId: 'b1', batchRoot }, networkKey).signature,
    ...merkleProof(leaves, 0),
  };
  const evidence: EvidenceToVerify = {
    tweetId,
    record,
    contentHash,
    fingerprintHash: hash,
    submission,
  };
  return { evidence, proof };
}

const METAGRAPH = 'DAG0evidence';
const validatorKey = sha256Hex('global L0 validator');
/** A validator's proof over a snapshot hash, as tessellation signs it (snapshot-proofs.ts). */
const proofOver = (hash: string) => ({
  id: publicKeyId(validatorKey),
  signature: toHex(
    secp256k1.sign(sha512(utf8(hash)).subarray(0, 32), fromHex(validatorKey), {
      prehash: false,
      format: 'der',
    }),
  ),
});
/** The network as the verifier reads it: snapshot 7 commits whatever roots the test puts in. */
function network(committed: string[], hash = 'snap7', proofs = [proofOver(hash)]): AnchorDeps {
  return {
    metagraphId: METAGRAPH,
    readSnapshot: async (ordinal: number) =>
      ordinal === 7
        ? {
            value: { ordinal: 7, stateChannelSnapshots: { [METAGRAPH]: [{ committed }] } },
            proofs,
            hash,
          }
        : null,
    trustedPeers: async () => [publicKeyId(validatorKey)],
  };
}
const batchOf = (proof: NonNullable<ProofResponse['proof']>) => ({
  batchId: 'b1',
  root: 'batchRoot' in proof ? proof.batchRoot : proof.root,
  globalSnapshotOrdinal: 7,
  globalSnapshotHash: 'snap7',
});

const check = (
  evidence: EvidenceToVerify,
  proof: NonNullable<ProofResponse['proof']>,
  trusted = keys,
  anchor = network([batchOf(proof).root]),
) =>
  verifyEvidence(evidence, {
    sha256Hex: async (text) => sha256Hex(text),
    loadProof: async () => ({ proof, batch: batchOf(proof) }),
    keys: trusted,
    anchor,
  }).then((steps) => steps.map((s) => s.ok));

describe('verifyEvidence', () => {
  it('passes a genuine record in seven steps: anchored in the snapshot, pinned key too', async () => {
    const { evidence, proof } = archived('100');
    expect(await check(evidence, proof)).toEqual([true, true, true, true, true, true, true]);
  });

  it('passes a genuine record proved by a Merkle Patricia Trie (the MCP shape)', async () => {
    const { evidence } = archived('100');
    const trie = buildMpt([
      { key: evidence.fingerprintHash, value: sha256Hex('v1') },
      { key: sha256Hex('other'), value: sha256Hex('v2') },
    ]);
    const proof = trie.proofOf(evidence.fingerprintHash);
    expect(await check(evidence, proof)).toEqual([true, true, true, true, true, true]);
    const other = archived('200').evidence;
    expect((await check(other, proof))[4]).toBe(false);
  });

  it('refuses a root that no snapshot commits, or a snapshot of another hash', async () => {
    const { evidence, proof } = archived('100');
    expect((await check(evidence, proof, keys, network([sha256Hex('another root')])))[5]).toBe(
      false,
    );
    const renamed = network([proof.batchRoot], 'a different snapshot');
    expect((await check(evidence, proof, keys, renamed))[5]).toBe(false);
  });

  it('refuses a snapshot whose validator signature does not sign its hash', async () => {
    const { evidence, proof } = archived('100');
    const forged = network([proof.batchRoot], 'snap7', [proofOver('another snapshot')]);
    expect((await check(evidence, proof, keys, forged))[5]).toBe(false);
    const unsigned = network([proof.batchRoot], 'snap7', []);
    expect((await check(evidence, proof, keys, unsigned))[5]).toBe(false);
  });

  it("refuses another post's genuine submission and proof under this post's id and record", async () => {
    const other = archived('200');
    const mine = archived('100');
    const swapped = { ...mine.evidence, submission: other.evidence.submission };
    const steps = await check(
      { ...swapped, fingerprintHash: other.evidence.fingerprintHash },
      other.proof,
    );
    expect(steps[1]).toBe(false);
  });

  it('refuses evidence without a signed submission (a certificate of the old format)', async () => {
    const { evidence, proof } = archived('100');
    expect((await check({ ...evidence, submission: undefined }, proof))[1]).toBe(false);
  });

  it('leaves the submission signature unchecked and needs no batch key when none is pinned', async () => {
    const { evidence, proof } = archived('100');
    const none = { signerId: null, batchPublicKey: null, source: 'none' };
    expect(await check(evidence, proof, none)).toEqual([true, true, true, null, true, true]);
  });
});
