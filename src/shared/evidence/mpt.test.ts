import { describe, expect, it } from 'vitest';
import { sha256Hex } from './hex.ts';
import { verifyMptProof } from './mpt.ts';
import { buildMpt } from './mpt-build.ts';

const keys = (n: number) => Array.from({ length: n }, (_, i) => sha256Hex(`key ${i}`));
const entries = (n: number) => keys(n).map((key) => ({ key, value: sha256Hex(`value ${key}`) }));

describe('Merkle Patricia Trie proofs', () => {
  it('proves every key of tries of 1 to 12 keys, root-first and leaf-first', () => {
    for (let n = 1; n <= 12; n++) {
      const trie = buildMpt(entries(n));
      for (const key of keys(n)) {
        const proof = trie.proofOf(key);
        expect(verifyMptProof(proof, trie.root)).toBe(true);
        const leafFirst = { ...proof, proof: [...proof.proof].reverse() };
        expect(verifyMptProof(leafFirst, trie.root)).toBe(true);
      }
    }
  });

  it('rejects another key, value, node hash, sibling or root', () => {
    const trie = buildMpt(entries(6));
    const proof = trie.proofOf(keys(6)[2]!);
    const other = sha256Hex('not in the trie');
    expect(verifyMptProof({ ...proof, leafKey: other }, trie.root)).toBe(false);
    expect(verifyMptProof({ ...proof, leafValue: other }, trie.root)).toBe(false);
    expect(verifyMptProof(proof, other)).toBe(false);
    expect(verifyMptProof({ ...proof, root: other }, other)).toBe(false);
    const [top, ...rest] = proof.proof;
    const forgedChildren = { ...top!.children };
    const firstNibble = Object.keys(forgedChildren).find((n) => n !== proof.leafKey[0])!;
    forgedChildren[firstNibble] = other;
    expect(
      verifyMptProof(
        { ...proof, proof: [{ ...top!, children: forgedChildren }, ...rest] },
        trie.root,
      ),
    ).toBe(false);
    const leaf = proof.proof.at(-1)!;
    const swapped = [...proof.proof.slice(0, -1), { ...leaf, value: other }];
    expect(verifyMptProof({ ...proof, leafValue: other, proof: swapped }, trie.root)).toBe(false);
    expect(verifyMptProof({ ...proof, proof: [] }, trie.root)).toBe(false);
  });
});
