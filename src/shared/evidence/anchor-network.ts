import type { AnchorDeps, SnapshotCodec } from './anchor-deps.ts';

/** Where a verifier reads the anchor: a global L0 and the metagraph whose roots it looks for. */
export interface AnchorNetwork {
  globalL0Url: string;
  metagraphId: string;
  /** Peer ids pinned by the verifier (a seed list); without them, the L0's own cluster. */
  l0PeerIds?: readonly string[];
}

/**
 * Anchor reads from a global L0 over HTTP: `GET /global-snapshots/{ordinal}` as text (404 is no
 * snapshot), and the peers whose signatures count from `GET /cluster/info` (tessellation
 * `ClusterRoutes`: a set of `PeerInfo {id, …}`) unless the verifier pinned its own.
 */
export function networkAnchor(
  fetch: (url: string) => Promise<Response>,
  network: AnchorNetwork,
  codec?: SnapshotCodec,
): AnchorDeps {
  const base = network.globalL0Url.replace(/\/$/, '');
  let peers: Promise<string[] | null> | undefined;
  return {
    metagraphId: network.metagraphId,
    codec,
    async readSnapshot(ordinal) {
      const res = await fetch(`${base}/global-snapshots/${ordinal}`);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`global L0 answered ${res.status}`);
      return res.text();
    },
    trustedPeers() {
      if (network.l0PeerIds) return Promise.resolve([...network.l0PeerIds]);
      peers ??= clusterPeerIds(fetch, base);
      return peers;
    },
  };
}

async function clusterPeerIds(fetch: (url: string) => Promise<Response>, base: string) {
  try {
    const res = await fetch(`${base}/cluster/info`);
    const body: unknown = res.ok ? await res.json() : null;
    if (!Array.isArray(body)) return null;
    return body.flatMap((p: { id?: unknown }) => (typeof p?.id === 'string' ? [p.id] : []));
  } catch {
    return null;
  }
}
