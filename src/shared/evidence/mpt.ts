import { sha256 } from '@noble/hashes/sha2.js';
import { toHex, utf8 } from './hex.ts';

/**
 * Merkle Patricia Trie inclusion proofs as the Digital Evidence MCP server describes them
 * (Constellation-Labs/digital-evidence-sdk@7e79891 packages/mcp-server/src/types/api.ts:
 * `{leafKey, leafValue, root, proof: ProofNode[]}`, ProofNode `{hash, prefix, children?, value?}`).
 * The vendor's own check (tools/verify-proof.ts) only compares `root` with the batch's `mptRoot`
 * and never hashes a node, so the node digests here follow metakit's trie (SHA-256 over a type
 * byte and the node's JSON, as a Solidity "MerklePatriciaVerifier … compatible with Metakit"
 * spells out): leaf 0x00‖{"dataDigest","remaining"}, branch 0x01‖{"pathsDigest":{nibble:digest}},
 * extension 0x02‖{"childDigest","shared"}; metakit-sdk's cross-language `mpt_verify` vector
 * (Scala-generated) hashes to its root this way, with a leaf's data digest the SHA-256 of the
 * value's canonical JSON (mpt.test.ts, decision 0066). How a ProofNode maps onto those is our reading
 * (decision 0051): `value` → leaf (prefix = remaining nibbles), `children` → branch, neither →
 * extension whose child is the next node.
 */
export interface MptProofNode {
  hash: string;
  prefix: string;
  children?: Record<string, string>;
  value?: string;
}
export interface MptProof {
  leafKey: string;
  leafValue: string;
  root: string;
  proof: MptProofNode[];
}

const digest = (type: number, json: string) => toHex(sha256(Uint8Array.of(type, ...utf8(json))));
export const leafDigest = (remaining: string, dataDigest: string) =>
  digest(0, `{"dataDigest":"${dataDigest}","remaining":"${remaining}"}`);
export const extensionDigest = (shared: string, childDigest: string) =>
  digest(2, `{"childDigest":"${childDigest}","shared":"${shared}"}`);
export function branchDigest(children: Record<string, string>) {
  const paths = Object.keys(children)
    .sort()
    .map((n) => `"${n}":"${children[n]}"`);
  return digest(1, `{"pathsDigest":{${paths.join(',')}}}`);
}

const HEX64 = /^[0-9a-f]{64}$/;
const NIBBLES = /^[0-9a-f]*$/;

/**
 * True when the proof's nodes, walked from the root along the nibbles of `leafKey`, hash to
 * `root` node by node and end in a leaf holding `leafValue`. The nodes may come root-first or
 * leaf-first (the vendor does not say); each node's `hash` must be its recomputed digest.
 */
export function verifyMptProof(proof: MptProof, root: string): boolean {
  try {
    const key = proof.leafKey.toLowerCase();
    if (!NIBBLES.test(key) || proof.root.toLowerCase() !== root.toLowerCase()) return false;
    const nodes = proof.proof[0]?.value !== undefined ? [...proof.proof].reverse() : proof.proof;
    let expected = root.toLowerCase();
    let at = 0;
    for (const [i, node] of nodes.entries()) {
      const prefix = node.prefix.toLowerCase();
      if (!NIBBLES.test(prefix) || node.hash.toLowerCase() !== expected) return false;
      if (node.value !== undefined) {
        const value = node.value.toLowerCase();
        const ok =
          i === nodes.length - 1 &&
          HEX64.test(value) &&
          value === proof.leafValue.toLowerCase() &&
          key.slice(at) === prefix &&
          leafDigest(prefix, value) === expected;
        return ok;
      }
      if (node.children) {
        const children = lower(node.children);
        const next = children[key[at] ?? ''];
        if (prefix !== '' || !next || branchDigest(children) !== expected) return false;
        expected = next;
        at += 1;
        continue;
      }
      const child = nodes[i + 1]?.hash.toLowerCase();
      if (!child || !prefix || !key.startsWith(prefix, at)) return false;
      if (extensionDigest(prefix, child) !== expected) return false;
      expected = child;
      at += prefix.length;
    }
    return false;
  } catch {
    return false;
  }
}

function lower(children: Record<string, string>) {
  const out: Record<string, string> = {};
  for (const [n, d] of Object.entries(children)) {
    if (!/^[0-9a-f]$/i.test(n) || !HEX64.test(d.toLowerCase())) throw new TypeError('bad branch');
    out[n.toLowerCase()] = d.toLowerCase();
  }
  return out;
}
