import { desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { walletSweepItems, walletSweepRuns, wallets } from '@/db/schema/index.ts';

/** Wallets a sweep re-keys: every wallet but the retired ones (and other superseded ones). */
export const sweepableWallets = isNull(wallets.supersededByWalletId);

/**
 * The open sweep run, or a new one with an item per sweepable wallet, written in one transaction
 * (the unique open-run index makes two starting together share one). Wallets created after the
 * run started were made with fresh keys and are not part of it.
 */
export async function openSweepRun(db: Db, now: Date): Promise<{ id: string; resumed: boolean }> {
  const open = await findOpenRun(db);
  if (open) return { id: open.id, resumed: true };
  try {
    const id = await db.transaction(async (tx) => {
      const [run] = await tx
        .insert(walletSweepRuns)
        .values({ startedAt: now })
        .returning({ id: walletSweepRuns.id });
      const runId = (run as { id: string }).id;
      await tx.execute(sql`
        insert into wallet_sweep_items (run_id, wallet_id)
        select ${runId}, id from wallets where superseded_by_wallet_id is null`);
      return runId;
    });
    return { id, resumed: false };
  } catch (err) {
    const raced = await findOpenRun(db);
    if (raced) return { id: raced.id, resumed: true };
    throw err;
  }
}

export async function findOpenRun(db: Db) {
  const [run] = await db
    .select({ id: walletSweepRuns.id })
    .from(walletSweepRuns)
    .where(eq(walletSweepRuns.state, 'running'));
  return run ?? null;
}

export async function runItems(db: Db, runId: string, states?: string[]) {
  const rows = await db
    .select()
    .from(walletSweepItems)
    .where(eq(walletSweepItems.runId, runId))
    .orderBy(walletSweepItems.id);
  return states ? rows.filter((r) => states.includes(r.state)) : rows;
}

export async function finishRun(db: Db, runId: string, now: Date) {
  await db
    .update(walletSweepRuns)
    .set({ state: 'done', finishedAt: now })
    .where(eq(walletSweepRuns.id, runId));
}

export async function lastFinishedSweep(db: Db) {
  const [run] = await db
    .select({ id: walletSweepRuns.id, finishedAt: walletSweepRuns.finishedAt })
    .from(walletSweepRuns)
    .where(eq(walletSweepRuns.state, 'done'))
    .orderBy(desc(walletSweepRuns.finishedAt))
    .limit(1);
  return run ?? null;
}
