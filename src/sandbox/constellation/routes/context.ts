import type { Db } from '../../../db/client.ts';
import type { TokenNetwork } from '../network.ts';

/** What each simulated node's routes need. */
export interface SimContext {
  db: Db;
  net: TokenNetwork;
  now: () => Date;
  /** Public-key-like id the simulated node reports in /cluster/info. */
  nodeId: string;
}
