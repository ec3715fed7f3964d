import type { Db } from '@/db/client.ts';
import type { ConstellationClient } from '@/integrations/constellation/index.ts';
import type { Token } from '@/shared/tokens.ts';
import { chainPassesThrough, type Leg } from './legs.ts';

/**
 * Where a signed transaction stands on the network:
 * - confirmed: the explorer shows it in a snapshot;
 * - accepted: in the chain (last reference is it or one of our later transactions that
 *   follows it) but not yet visible in the explorer: wait, never resubmit;
 * - waiting: in the L1 pool;
 * - absent: unknown, and the chain has not reached its ordinal: resubmitting the same
 *   bytes is safe (same hash: at most this one transaction can ever be accepted);
 * - superseded: unknown, and the chain moved past its ordinal without it: it will never be
 *   accepted.
 * Order matters: explorer → pool → last reference → explorer again, so a transaction moving
 * from the pool into a snapshot between two calls is never taken for absent.
 */
export type LegObservation =
  | { status: 'confirmed'; snapshotOrdinal: bigint }
  | { status: 'accepted' | 'waiting' | 'absent' }
  | { status: 'superseded'; lastOrdinal: bigint };

export async function observeLeg(
  client: ConstellationClient,
  db: Db,
  leg: Pick<Leg, 'token' | 'hash' | 'ordinal' | 'sourceAddress'>,
): Promise<LegObservation> {
  const token = leg.token as Token;
  const confirmed = async () => {
    const tx = await client.getExplorerTransaction(token, leg.hash);
    return tx ? ({ status: 'confirmed', snapshotOrdinal: tx.snapshotOrdinal } as const) : null;
  };
  const first = await confirmed();
  if (first) return first;
  if (await client.getPendingTransaction(token, leg.hash)) return { status: 'waiting' };
  const last = await client.getLastReference(token, leg.sourceAddress);
  if (last.ordinal < leg.ordinal) return { status: 'absent' };
  const again = await confirmed();
  if (again) return again;
  if (last.hash === leg.hash) return { status: 'accepted' };
  // Only we sign for this address: if the chain's head links back to this transaction through
  // our own transactions, it is in the chain even though the explorer does not show it yet.
  if (await chainPassesThrough(db, last, leg)) {
    return { status: 'accepted' };
  }
  return { status: 'superseded', lastOrdinal: last.ordinal };
}
