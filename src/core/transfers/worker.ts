import { startLoop } from '@/shared/loop.ts';
import { returnUnclaimedSends } from '../unclaimed/return-unclaimed.ts';
import { releaseExpiredHolds } from './balances/index.ts';
import { confirmTransfers } from './confirm/index.ts';
import type { TransferDeps } from './model/index.ts';
import { reconcileTransfers } from './recover.ts';
import { sweepSupersededWallets } from './send/index.ts';

/** Sweeps of superseded handle wallets run every this many confirmation rounds (~1 min at 2 s). */
const SWEEP_EVERY = 30;

/**
 * The transfer worker of a server process: reconciles every unfinished intent at start, then
 * polls for confirmations every `config.wallets.confirmIntervalMs` and now and then sweeps
 * superseded handle wallets, returns unclaimed sends past their date (decision 0048) and releases holds past their expiry (decision 0037). Several
 * processes may run it at once (all work is under source locks and idempotent). Errors are
 * logged; the next round retries.
 */
export function startTransferWorker(deps: TransferDeps) {
  let rounds = 0;
  return startLoop({
    pass: async () => {
      const round = rounds++; // a failed round counts too: the sweep keeps its cadence
      if (round === 0) await reconcileTransfers(deps);
      else await confirmTransfers(deps);
      if (round % SWEEP_EVERY === 0) {
        await sweepSupersededWallets(deps);
        const returned = await returnUnclaimedSends(deps, { now: new Date() });
        if (returned > 0) deps.logger.info({ returned }, 'unclaimed sends returned');
        const expired = await releaseExpiredHolds(deps.db);
        if (expired > 0) deps.logger.warn({ expired }, 'holds past their expiry released');
      }
    },
    intervalMs: deps.config.wallets.confirmIntervalMs,
    onError: (err) =>
      deps.logger.warn({ err }, 'transfer worker round failed; retrying next round'),
  });
}
