/** What the anchor check reads the network with (anchor.ts; anchor-network.ts builds one). */

/** What only a Node verifier has (integrations/evidence/tessellation-codec.ts): Brotli. */
export interface SnapshotCodec {
  /** Tessellation's JSON hash of a canonical JSON text. */
  hashJson(canonicalText: string): string;
  inflate(bytes: Uint8Array): Uint8Array;
}

export interface AnchorDeps {
  /** The snapshot at `ordinal` as the network answered it (text, so no digit is lost); null: none. */
  readSnapshot(ordinal: number): Promise<string | object | null>;
  /** The Digital Evidence metagraph's address, whose state channel carries its roots. */
  metagraphId: string;
  /** Peer ids whose signatures count (anchor-network.ts); null when they could not be read. */
  trustedPeers(): Promise<string[] | null>;
  /** Absent in a browser: the hash is then only as the network states it. */
  codec?: SnapshotCodec;
}
