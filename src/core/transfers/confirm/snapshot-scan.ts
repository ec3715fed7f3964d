import type { ConstellationClient } from '@/integrations/constellation/index.ts';
import { telemetry } from '@/shared/telemetry.ts';
import type { Token } from '@/shared/tokens.ts';
import type { Leg } from '../legs/index.ts';

/** What the poller reads of an open leg. */
export type OpenLeg = Pick<Leg, 'id' | 'transferId' | 'token' | 'sourceAddress' | 'hash' | 'state'>;

/** What the poller remembers between rounds, per network client. */
interface ScanMemory {
  /** The latest snapshot ordinal already looked at, per token. */
  lastOrdinal: Map<string, bigint>;
  /** Per open leg: the latest ordinal when the poller first saw it open. */
  firstSeen: Map<string, bigint>;
  /**
   * Per token, hash → ordinal of what the last few snapshots accepted: a leg marked submitted
   * only after the round that read its snapshot is still found in a later round.
   */
  recent: Map<string, Map<string, bigint>>;
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
 * The confirmation fast path (decision 0027): per token, one call for the latest snapshot ordinal;
 * only when it moved, the explorer's list of each new snapshot's transactions (or, after a long
 * gap or on the first round, one page per source chain of its newest sent transactions) shows
 * every leg a snapshot accepted. Nothing is asked per leg, except for legs that
 * two snapshots after they were first seen are still not shown (dropped, lost, or confirmed
 * before this process looked): those are `due` for the one-by-one check, as before.
 */
export async function scanSnapshots(
  client: ConstellationClient,
  submitted: OpenLeg[],
): Promise<ScanResult> {
  let memory = memories.get(client);
  if (!memory) {
    memory = { lastOrdinal: new Map(), firstSeen: new Map(), recent: new Map() };
    memories.set(client, memory);
  }
  const open = new Set(submitted.map((l) => l.id));
  for (const id of memory.firstSeen.keys()) if (!open.has(id)) memory.firstSeen.delete(id);

  const result: ScanResult = { confirmed: [], due: [] };
  // Every call of a round at once: on a busy database each awaited step queues behind the
  // senders' queries, so steps one after another made a round last seconds.
  const byToken = [...groupBy(submitted, (l) => l.token)];
  await Promise.all(
    byToken.map(async ([token, legs]) => {
      const latest = await client.getLatestOrdinal(token as Token);
      telemetry.snapshotSeen(token, latest);
      const previous = memory.lastOrdinal.get(token);
      for (const leg of legs) {
        if (!memory.firstSeen.has(leg.id)) memory.firstSeen.set(leg.id, latest);
      }
      if (previous === latest) return; // no new snapshot: nothing can have been confirmed
      const inSnapshots =
        previous !== undefined
          ? await acceptedInSnapshots(client, token as Token, previous, latest)
          : null;
      const found = inSnapshots
        ? rememberRecent(memory, token, inSnapshots, latest)
        : await acceptedOnChains(client, token as Token, legs);
      if (!inSnapshots) memory.recent.delete(token);
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

/** Snapshots a round reads one by one; after a longer gap, a page per chain is fewer calls. */
const MAX_SNAPSHOTS_PER_ROUND = 4n;

/**
 * Hash → snapshot ordinal of everything the snapshots after `previous` up to `latest` accepted:
 * one call per snapshot, however many chains are open (the explorer's per-snapshot list).
 * Null when the gap is long or the explorer does not know a snapshot yet: the caller reads a
 * page per chain instead.
 */
async function acceptedInSnapshots(
  client: ConstellationClient,
  token: Token,
  previous: bigint,
  latest: bigint,
): Promise<Map<string, bigint> | null> {
  if (latest <= previous || latest - previous > MAX_SNAPSHOTS_PER_ROUND) return null;
  const ordinals: bigint[] = [];
  for (let o = previous + 1n; o <= latest; o++) ordinals.push(o);
  const lists = await Promise.all(
    ordinals.map((o) => client.getExplorerSnapshotTransactions(token, o)),
  );
  if (lists.some((list) => list === null)) return null;
  const found = new Map<string, bigint>();
  for (const list of lists) for (const tx of list ?? []) found.set(tx.hash, tx.snapshotOrdinal);
  return found;
}

/** How many snapshots back `recent` reaches (a leg older than that goes the `due` way). */
const RECENT_SNAPSHOTS = 8n;

function rememberRecent(
  memory: ScanMemory,
  token: string,
  accepted: Map<string, bigint>,
  latest: bigint,
) {
  const recent = memory.recent.get(token) ?? new Map<string, bigint>();
  for (const [hash, ordinal] of accepted) recent.set(hash, ordinal);
  for (const [hash, ordinal] of recent)
    if (ordinal + RECENT_SNAPSHOTS < latest) recent.delete(hash);
  memory.recent.set(token, recent);
  return recent;
}

/** Hash → snapshot ordinal from the newest page of each open chain's sent transactions. */
async function acceptedOnChains(client: ConstellationClient, token: Token, legs: OpenLeg[]) {
  const found = new Map<string, bigint>();
  await Promise.all(
    [...groupBy(legs, (l) => l.sourceAddress)].map(async ([source, chain]) => {
      // Our open legs are the newest of the chain: a page a bit longer covers them.
      const sent = await client.getExplorerSentTransactions(token, source, chain.length + 20);
      for (const tx of sent) found.set(tx.hash, tx.snapshotOrdinal);
    }),
  );
  return found;
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
