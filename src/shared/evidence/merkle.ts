import { sha256 } from '@noble/hashes/sha2.js';
import { fromHex, toHex } from './hex.ts';

/**
 * The Merkle tree over a batch's fingerprint hashes. Leaves and inner nodes are hashed with
 * different prefixes (RFC 6962 style: 0x00‖leaf, 0x01‖left‖right), so an inner node can never
 * pass as a leaf. An odd node at the end of a level is carried up unchanged.
 */
const leafHash = (hex: string) => sha256(Uint8Array.of(0, ...fromHex(hex)));
const nodeHash = (l: Uint8Array, r: Uint8Array) => sha256(Uint8Array.of(1, ...l, ...r));

export interface MerkleProof {
  /** Sibling hashes from the leaf up. */
  proofPath: string[];
  /** For each sibling: 0 = the sibling is on the left, 1 = on the right. */
  proofIndices: number[];
  treeHeight: number;
}

function levels(leaves: string[]): Uint8Array[][] {
  if (leaves.length === 0) throw new RangeError('a Merkle tree needs at least one leaf');
  const out: Uint8Array[][] = [leaves.map(leafHash)];
  while (out[out.length - 1]!.length > 1) {
    const level = out[out.length - 1]!;
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      next.push(i + 1 < level.length ? nodeHash(level[i]!, level[i + 1]!) : level[i]!);
    }
    out.push(next);
  }
  return out;
}

export const merkleRoot = (leaves: string[]) => toHex(levels(leaves).at(-1)![0]!);

export function merkleProof(leaves: string[], index: number): MerkleProof {
  const all = levels(leaves);
  const proofPath: string[] = [];
  const proofIndices: number[] = [];
  let i = index;
  for (const level of all.slice(0, -1)) {
    const sibling = i % 2 === 0 ? i + 1 : i - 1;
    if (sibling < level.length) {
      proofPath.push(toHex(level[sibling]!));
      proofIndices.push(i % 2 === 0 ? 1 : 0);
    }
    i = Math.floor(i / 2);
  }
  return { proofPath, proofIndices, treeHeight: all.length - 1 };
}

/** Recomputes the root from a leaf and its proof; true when it equals `root`. */
export function verifyMerkleProof(leaf: string, proof: MerkleProof, root: string): boolean {
  try {
    if (proof.proofPath.length !== proof.proofIndices.length) return false;
    let node = leafHash(leaf);
    proof.proofPath.forEach((siblingHex, k) => {
      const sibling = fromHex(siblingHex);
      node = proof.proofIndices[k] === 1 ? nodeHash(node, sibling) : nodeHash(sibling, node);
    });
    return toHex(node) === root.toLowerCase();
  } catch {
    return false;
  }
}
