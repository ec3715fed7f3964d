import { randomBytes } from 'node:crypto';
import {
  privateKeyVerify,
  publicKeyCreate,
  sha512Digest,
  signDigest,
} from '@/integrations/constellation/index.ts';

/**
 * A simulated node's key pair, new each start: its peer id is the uncompressed public key
 * without the 04 prefix (tessellation `PeerId.fromPublic`), listed in its `/cluster/info`.
 */
export function nodeIdentity(): { nodeId: string; nodeKey: Uint8Array } {
  let nodeKey = randomBytes(32);
  while (!privateKeyVerify(nodeKey)) nodeKey = randomBytes(32);
  const nodeId = Buffer.from(publicKeyCreate(nodeKey)).subarray(1).toString('hex');
  return { nodeId, nodeKey };
}

/**
 * A served snapshot with the node's signature over its hash, as a real global L0 signs
 * (tessellation `SignatureProof.fromHash`: SHA512withECDSA over the hash's hex text), so a
 * verifier's check of `proofs` runs against the local network too (decision 0066). Signed when
 * served rather than stored: the key lives only as long as the process, like its peer id.
 */
export function withNodeProof<T extends { hash: string } | null>(
  snapshot: T,
  node: { nodeId: string; nodeKey: Uint8Array },
): T {
  if (snapshot === null) return snapshot;
  const digest = sha512Digest(Buffer.from(snapshot.hash, 'utf8'));
  const signature = signDigest(digest, node.nodeKey).toString('hex');
  return { ...snapshot, proofs: [{ id: node.nodeId, signature }] };
}
