import { describe, expect, it } from 'vitest';
import { sha256Hex } from './hex.ts';
import { merkleProof, merkleRoot, verifyMerkleProof } from './merkle.ts';

const leaves = (n: number) => Array.from({ length: n }, (_, i) => sha256Hex(`leaf ${i}`));

describe('Merkle tree', () => {
  it('proves every leaf of trees of 1 to 9 leaves', () => {
    for (let n = 1; n <= 9; n++) {
      const all = leaves(n);
      const root = merkleRoot(all);
      all.forEach((leaf, i) => {
        expect(verifyMerkleProof(leaf, merkleProof(all, i), root)).toBe(true);
      });
    }
  });

  it('rejects another leaf, a changed sibling or another root', () => {
    const all = leaves(5);
    const root = merkleRoot(all);
    const proof = merkleProof(all, 2);
    expect(verifyMerkleProof(all[3]!, proof, root)).toBe(false);
    const changed = { ...proof, proofPath: [sha256Hex('x'), ...proof.proofPath.slice(1)] };
    expect(verifyMerkleProof(all[2]!, changed, root)).toBe(false);
    expect(verifyMerkleProof(all[2]!, proof, merkleRoot(leaves(4)))).toBe(false);
  });

  it('a single leaf is its own tree with an empty path', () => {
    const [leaf] = leaves(1);
    expect(merkleProof([leaf!], 0)).toEqual({ proofPath: [], proofIndices: [], treeHeight: 0 });
  });
});
