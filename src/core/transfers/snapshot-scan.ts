import type { ConstellationClient } from '../../integrations/constellation/index.ts';
import type { Token } from '../../shared/tokens.ts';
import type { Leg } from './legs.ts';

/** What the poller reads of an open leg. */
export type OpenLeg = Pick<Leg, 'id' | 'transferId' | 'token' | 'sourceAddress' | 'hash' | 'state'>;

/** What the poller remembers between rounds, per network client. */
interface ScanMemory {
  /** The latest snapshot ordinal already looked at, per token. */
  lastOrdinal: Map<string, bigint>;
  /** Per open leg: the latest ordinal when the poller first saw it open. */
  firstSeen: Map<string, bigint>;
}
const memories = new WeakMap<object, ScanMemory>();

/** A leg not found this many snapshots after it was first seen open is looked up by itself. */
const SNAPSHOTS_BEFORE_LOOKUP = 2n;

export interface ScanResult {
  /** Submitted legs the explorer shows in a snapshot, with that snapshot's ordinal. */
  confirmed: { leg: OpenLeg; snapshotOrdinal: bigint }[];
  /** Submitted legs due for the one-by-one check (explorer, pool, chain). */
  due: OpenLeg[];
}

/**
 * The confirmation fast path (issue 11): per token, one call for the latest snapshot ordinal;
 * only when it moved, one explorer call per source chain (its newest sent transactions) shows
 * every leg of that chain a snapshot accepted. Nothing is asked per leg, except for legs that
 * two snapshots after they were first seen are still not shown (dropped, lost, or confirmed
 * before this process looked): those are `due` for the one-by-one check, as before.
 */
export async function scanSnapshots(
  client: ConstellationClient,
  submitted: OpenLeg[],
): Promise<ScanResult> {
  let memory = memories.get(client);
  if (!memory) {
    memory = { lastOrdinal: new Map(), firstSeen: new Map() };
    memories.set(client, memory);
  }
  const open = new Set(submitted.map((l) => l.id));
  for (const id of memory.firstSeen.keys()) if (!open.has(id)) memory.firstSeen.delete(id);

  const result: ScanResult = { confirmed: [], due: [] };
  // Every call of a round at once: on a busy database each awaited step queues behind the
  // senders' queries, so steps one after another made a round last seconds (issue 11).
  const byToken = [...groupBy(submitted, (l) => l.token)];
  await Promise.all(
    byToken.map(async ([token, legs]) => {
      const latest = await client.getLatestOrdinal(token as Token);
      const previous = memory.lastOrdinal.get(token);
      for (const leg of legs) {
        if (!memory.firstSeen.has(leg.id)) memory.firstSeen.set(leg.id, latest);
      }
      if (previous === latest) return; // no new snapshot: nothing can have been confirmed
      const found = new Map<string, bigint>();
      await Promise.all(
        [...groupBy(legs, (l) => l.sourceAddress)].map(async ([source, chain]) => {
          // Our open legs are the newest of the chain: a page a bit longer covers them.
          const sent = await client.getExplorerSentTransactions(
            token as Token,
            source,
            chain.length + 20,
          );
          for (const tx of sent) found.set(tx.hash, tx.snapshotOrdinal);
        }),
      );
      for (const leg of legs) {
        const snapshotOrdinal = found.get(leg.hash);
        if (snapshotOrdinal !== undefined) result.confirmed.push({ leg, snapshotOrdinal });
        else if (latest >= (memory.firstSeen.get(leg.id) ?? latest) + SNAPSHOTS_BEFORE_LOOKUP) {
          result.due.push(leg);
        }
      }
      memory.lastOrdinal.set(token, latest);
    }),
  );
  return result;
}

function groupBy<T>(items: T[], key: (item: T) => string) {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
