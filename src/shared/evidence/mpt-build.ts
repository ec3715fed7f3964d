import {
  branchDigest,
  extensionDigest,
  leafDigest,
  type MptProof,
  type MptProofNode,
} from './mpt.ts';

/** One key (hex nibbles, all the same length) and the 64-hex digest it holds. */
export interface MptEntry {
  key: string;
  value: string;
}

type Built = { hash: string; path: Map<string, MptProofNode[]> };

/**
 * Builds the trie over `entries` (the local Digital Evidence service's batches; fixtures) and
 * every key's proof, root-first, in the node encoding mpt.ts verifies.
 */
export function buildMpt(entries: MptEntry[]): { root: string; proofOf(key: string): MptProof } {
  if (entries.length === 0) throw new RangeError('a trie needs at least one entry');
  const norm = entries.map((e) => ({ key: e.key.toLowerCase(), value: e.value.toLowerCase() }));
  const built = build(norm, 0);
  return {
    root: built.hash,
    proofOf(key) {
      const k = key.toLowerCase();
      const nodes = built.path.get(k);
      const entry = norm.find((e) => e.key === k);
      if (!nodes || !entry) throw new RangeError(`no entry ${key}`);
      return { leafKey: k, leafValue: entry.value, root: built.hash, proof: nodes };
    },
  };
}

function build(entries: MptEntry[], at: number): Built {
  if (entries.length === 1) {
    const [e] = entries as [MptEntry];
    const remaining = e.key.slice(at);
    const node = { hash: leafDigest(remaining, e.value), prefix: remaining, value: e.value };
    return { hash: node.hash, path: new Map([[e.key, [node]]]) };
  }
  const shared = commonPrefix(entries.map((e) => e.key.slice(at)));
  if (shared) {
    const child = build(entries, at + shared.length);
    const hash = extensionDigest(shared, child.hash);
    const node = { hash, prefix: shared };
    return { hash, path: prefixAll(child.path, node) };
  }
  const groups = new Map<string, MptEntry[]>();
  for (const e of entries) groups.set(e.key[at]!, [...(groups.get(e.key[at]!) ?? []), e]);
  const children: Record<string, string> = {};
  const paths = new Map<string, MptProofNode[]>();
  for (const [nibble, group] of groups) {
    const child = build(group, at + 1);
    children[nibble] = child.hash;
    for (const [k, nodes] of child.path) paths.set(k, nodes);
  }
  const node = { hash: branchDigest(children), prefix: '', children };
  return { hash: node.hash, path: prefixAll(paths, node) };
}

const prefixAll = (paths: Map<string, MptProofNode[]>, node: MptProofNode) =>
  new Map([...paths].map(([k, nodes]) => [k, [node, ...nodes]]));

function commonPrefix(keys: string[]) {
  let n = 0;
  while (keys.every((k) => k[n] !== undefined && k[n] === keys[0]![n])) n++;
  return keys[0]!.slice(0, n);
}
