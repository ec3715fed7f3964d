import { and, eq, exists, inArray, ne, not, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { transfers, transferTransactions } from '@/db/schema/index.ts';
import { telemetry } from '@/shared/telemetry.ts';
import type { TransferDeps } from '../model/index.ts';

/** The poller's last step (confirm-transfers.ts): transfers take the state of their settled legs. */

export const unfinishedLeg = inArray(transferTransactions.state, ['planned', 'submitted']);

/**
 * The full sweep at most every SWEEP_EVERY_MS per database handle: it reads every unfinished
 * transfer, ~12 ms on PGlite at 220 transfers/s, and the fast path settles nearly all of them
 * already (decision 0027). The first round of a process always sweeps.
 */
const SWEEP_EVERY_MS = 2_000;
const lastSweep = new WeakMap<object, number>();
export function sweepIsDue(db: object): boolean {
  const now = Date.now();
  if (now - (lastSweep.get(db) ?? Number.NEGATIVE_INFINITY) < SWEEP_EVERY_MS) return false;
  lastSweep.set(db, now);
  return true;
}

/** Pending or submitted transfers with legs, none of them unfinished; among `ids` unless null. */
export function settledTransfers(deps: TransferDeps, ids: string[] | null) {
  return deps.db
    .select()
    .from(transfers)
    .where(
      and(
        ids ? inArray(transfers.id, [...new Set(ids)]) : undefined,
        inArray(transfers.state, ['pending', 'submitted']),
        exists(
          deps.db
            .select({ one: transferTransactions.id })
            .from(transferTransactions)
            .where(eq(transferTransactions.transferId, transfers.id)),
        ),
        not(
          exists(
            deps.db
              .select({ one: transferTransactions.id })
              .from(transferTransactions)
              .where(and(eq(transferTransactions.transferId, transfers.id), unfinishedLeg)),
          ),
        ),
      ),
    );
}

/**
 * The common end in one update: transfers all of whose legs are confirmed become confirmed
 * (what refreshTransferState would decide for each). Mixed outcomes are left to it.
 * Returns the ids it confirmed.
 */
export async function confirmFullyConfirmed(
  deps: TransferDeps,
  transferIds: string[],
): Promise<Set<string>> {
  if (transferIds.length === 0) return new Set();
  const now = new Date();
  const legs = alias(transferTransactions, 'leg');
  const rows = await deps.db
    .update(transfers)
    .set({
      state: 'confirmed',
      confirmedAt: now,
      updatedAt: now,
      submittedAt: sql`coalesce(${transfers.submittedAt}, (select p.submitted_at from transfer_transactions p where p.transfer_id = ${transfers.id} and p.seq = 0))`,
    })
    .where(
      and(
        inArray(transfers.id, [...new Set(transferIds)]),
        inArray(transfers.state, ['pending', 'submitted']),
        not(
          exists(
            deps.db
              .select({ one: legs.id })
              .from(legs)
              .where(and(eq(legs.transferId, transfers.id), ne(legs.state, 'confirmed'))),
          ),
        ),
      ),
    )
    .returning({ id: transfers.id, token: transfers.token, createdAt: transfers.createdAt });
  for (const r of rows) {
    telemetry.transferConfirmed(r.token, (now.getTime() - r.createdAt.getTime()) / 1000);
  }
  return new Set(rows.map((r) => r.id));
}
