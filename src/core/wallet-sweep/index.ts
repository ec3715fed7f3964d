/*
 * The key-compromise sweep (decision 0047): every custodial wallet gets a fresh key and its
 * funds move from the old address to the new one, once, through the transfer service.
 *   run.ts    the durable run and its items (one per wallet), resumed by the next run
 *   rekey.ts  per item, one transaction: new key on the wallet row, old key on a retired row
 *   move.ts   per item and token, a keyed transfer of 'all' from the retired row; settling
 *   plan.ts   the dry run: what would move, changing nothing
 */
import type { TransferDeps } from '../transfers/index.ts';
import { confirmTransfers } from '../transfers/index.ts';
import { settleItems, submitMoves } from './move.ts';
import { rekeyWallet } from './rekey.ts';
import { finishRun, openSweepRun, runItems } from './run.ts';

export { sweepTransferKey } from './move.ts';
export { type SweepLine, sweepPlan } from './plan.ts';
export { SweepError } from './rekey.ts';
export { findOpenRun, lastFinishedSweep } from './run.ts';

export interface SweepOptions {
  now?: () => Date;
  /** Called with each step, for the operator's log. */
  progress?: (line: string) => void;
  /** How long to wait for the moves to confirm before leaving the run open (re-run continues). */
  confirmTimeoutMs?: number;
  confirmPollMs?: number;
}

export interface SweepResult {
  runId: string;
  resumed: boolean;
  moved: number;
  failed: { walletId: string; error: string | null }[];
  /** Items still waiting for their moves to confirm: run the sweep again. */
  open: number;
}

export async function sweepWallets(deps: TransferDeps, o: SweepOptions = {}): Promise<SweepResult> {
  const now = o.now ?? (() => new Date());
  const say = o.progress ?? (() => {});
  const run = await openSweepRun(deps.db, now());
  say(`${run.resumed ? 'resuming' : 'started'} sweep run ${run.id}`);
  for (const item of await runItems(deps.db, run.id, ['pending'])) {
    await rekeyWallet(deps, item.id, now());
  }
  for (const item of await runItems(deps.db, run.id, ['rekeyed'])) {
    say(`wallet ${item.walletId}: ${item.oldAddress} → ${item.newAddress}`);
    await submitMoves(deps, item);
  }
  const deadline = Date.now() + (o.confirmTimeoutMs ?? 600_000);
  let open = 0;
  for (;;) {
    await confirmTransfers(deps);
    open = await settleItems(deps, await runItems(deps.db, run.id, ['submitted']));
    if (open === 0 || Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, o.confirmPollMs ?? 1000));
  }
  const items = await runItems(deps.db, run.id);
  const failed = items.filter((i) => i.state === 'failed');
  if (open === 0 && failed.length === 0) await finishRun(deps.db, run.id, now());
  return {
    runId: run.id,
    resumed: run.resumed,
    moved: items.filter((i) => i.state === 'moved').length,
    failed: failed.map((i) => ({ walletId: i.walletId, error: i.error })),
    open,
  };
}
