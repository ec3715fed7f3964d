import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';
import metakit from './fixtures/metakit-mpt-vector.json' with { type: 'json' };
import { sha256Hex } from './hex.ts';
import { branchDigest, leafDigest, type MptProof, verifyMptProof } from './mpt.ts';
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

  it("hashes nodes as metakit's own cross-language vector does, and verifies it as a proof", () => {
    type Node = { contents: { remaining: string; dataDigest: string } };
    type Branch = { contents: { pathsDigest: Record<string, string> } };
    const [leaf, lower, top] = metakit.witness as unknown as [Node, Branch, Branch];
    const data = leaf.contents.dataDigest;
    expect(sha256Hex(canonicalJson(metakit.value))).toBe(data);
    expect(leafDigest(leaf.contents.remaining, data)).toBe(lower.contents.pathsDigest['1']);
    expect(branchDigest(lower.contents.pathsDigest)).toBe(top.contents.pathsDigest.a);
    expect(branchDigest(top.contents.pathsDigest)).toBe(metakit.root);
    // The same witness in the MCP server's ProofNode fields, as we map them (decision 0051).
    const proof: MptProof = {
      leafKey: metakit.path,
      leafValue: data,
      root: metakit.root,
      proof: [
        { hash: lower.contents.pathsDigest['1']!, prefix: '', value: data },
        { hash: top.contents.pathsDigest.a!, prefix: '', children: lower.contents.pathsDigest },
        { hash: metakit.root, prefix: '', children: top.contents.pathsDigest },
      ],
    };
    expect(verifyMptProof(proof, metakit.root)).toBe(true);
    expect(
      verifyMptProof({ ...proof, leafValue: sha256Hex(canonicalJson('WRONG')) }, metakit.root),
    ).toBe(false);
    expect(verifyMptProof({ ...proof, leafKey: 'b7' }, metakit.root)).toBe(false);
  });
});
