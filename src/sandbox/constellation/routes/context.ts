import type { Db } from '@/db/client.ts';
import type { TokenNetwork } from '../network.ts';

/** What each simulated node's routes need. */
export interface SimContext {
  db: Db;
  net: TokenNetwork;
  now: () => Date;
  /** The simulated node's peer id (its public key, 128 hex) in /cluster/info and its proofs. */
  nodeId: string;
  /** Its private key: the global L0 signs the snapshots it serves with it (decision 0066). */
  nodeKey: Uint8Array;
}
