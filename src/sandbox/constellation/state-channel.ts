import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { constellationStateChannels as channels } from '../db/schema/constellation.ts';
import { type DbOrTx, readNetwork } from './ledger.ts';

/**
 * The hook a local metagraph (the Digital Evidence service) calls to commit its state into the
 * global snapshot chain: the content is recorded under the DAG network's head snapshot and
 * shown in that snapshot's `value.stateChannelSnapshots[metagraphId]` (views.ts). The hash of
 * the head is what the metagraph names as its anchor (decision 0051). Null before genesis.
 */
export async function commitStateChannel(
  db: Db,
  p: { metagraphId: string; content: unknown },
): Promise<{ ordinal: bigint; hash: string } | null> {
  const head = await readNetwork(db, 'DAG');
  if (!head) return null;
  await db.insert(channels).values({
    token: 'DAG',
    ordinal: head.snapshotOrdinal,
    metagraphId: p.metagraphId,
    content: p.content,
  });
  return { ordinal: head.snapshotOrdinal, hash: head.snapshotHash };
}

/** What metagraphs committed under one snapshot, by metagraph address. */
export async function stateChannelsAt(db: DbOrTx, token: string, ordinal: bigint) {
  const rows = await db
    .select()
    .from(channels)
    .where(and(eq(channels.token, token), eq(channels.ordinal, ordinal)));
  const out: Record<string, unknown[]> = {};
  for (const r of rows) out[r.metagraphId] = [...(out[r.metagraphId] ?? []), r.content];
  return out;
}
