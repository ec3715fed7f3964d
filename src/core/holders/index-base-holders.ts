import { getAddress } from 'viem';
import type { Db } from '@/db/client.ts';
import type { BaseClient } from '@/integrations/base/client.ts';
import { isLogRangeError } from '@/integrations/base/errors.ts';
import { parseTransferLog, type TransferLog } from '@/integrations/base/parse-transfer.ts';
import { type KnownHolder, WALLET_LIST_LIMIT } from '@/shared/holders/constants.ts';
import type { Logger } from '@/shared/logger.ts';
import { applyRange, readBalances, readCursor, resetContract } from './base-ledger.ts';
import type { RankingStore } from './published-ranking.ts';
import { rankHolders } from './rank-holders.ts';

export interface BaseIndexerDeps {
  db: Db;
  client: BaseClient;
  logger: Pick<Logger, 'warn' | 'info'>;
  now: () => Date;
  store?: RankingStore;
}

export interface BaseIndexerOptions {
  contract: string;
  startBlock: bigint;
  decimals: number;
  /** Blocks below head re-read every pass (reorg window). */
  reorgWindow: number;
  /** Starting and largest eth_getLogs range; halved on range errors, doubled after successes. */
  maxChunk: number;
  known: KnownHolder[];
  /** Stop after this many blocks in one pass (tests of a restart mid-index). */
  maxBlocksPerPass?: bigint;
}

/** One pass: from the re-read window (or the start block) to head, chunk by chunk. */
export async function indexBaseHolders(
  deps: BaseIndexerDeps,
  opts: BaseIndexerOptions,
  state = { chunk: opts.maxChunk },
) {
  const contract = opts.contract.toLowerCase();
  const window = BigInt(opts.reorgWindow);
  const head = await deps.client.getHead();
  let cursor = await readCursor(deps.db, contract);
  if (cursor && (await replaced(deps.client, cursor, head))) {
    deps.logger.warn(
      { contract, lastBlock: String(cursor.lastBlock) },
      'base indexer: chain reorganised past the window; indexing again',
    );
    await resetContract(deps.db, contract);
    cursor = null;
  }
  let from = cursor ? cursor.lastBlock - window + 1n : opts.startBlock;
  if (from < opts.startBlock) from = opts.startBlock;
  // The window must also cover blocks that vanished (head moved back): undo their logs.
  const end = cursor && cursor.lastBlock > head ? cursor.lastBlock : head;
  const stopAt = opts.maxBlocksPerPass ? from + opts.maxBlocksPerPass - 1n : end;
  const last = stopAt < end ? stopAt : end;
  let logsSeen = 0;
  let changed = false;
  while (from <= last) {
    const to = minBig(from + BigInt(state.chunk) - 1n, last);
    let raw: Awaited<ReturnType<BaseClient['getTransferLogs']>>;
    try {
      raw = await deps.client.getTransferLogs(contract, from, minBig(to, head));
    } catch (err) {
      if (!isLogRangeError(err) || state.chunk === 1) throw err;
      state.chunk = Math.max(1, Math.floor(state.chunk / 2));
      continue;
    }
    const logs = validLogs(raw, deps.logger);
    const blockAt = minBig(to, head);
    const anchorAt = blockAt - window;
    const [block, anchor] = await Promise.all([
      deps.client.getBlock(blockAt),
      anchorAt >= opts.startBlock ? deps.client.getBlock(anchorAt) : null,
    ]);
    const result = await applyRange(deps.db, {
      contract,
      from,
      to,
      logs,
      // The next re-read starts W blocks below this cursor: remember exactly those logs.
      keepFrom: to - window + 1n,
      block,
      anchor: anchor ? { number: anchorAt, hash: anchor.hash } : null,
      onNegative: (address, balance) =>
        deps.logger.warn(
          { contract, address, balance: String(balance) },
          'base indexer: balance would go negative; kept at 0',
        ),
    });
    logsSeen += logs.length;
    changed ||= result.changed || !cursor;
    from = to + 1n;
    state.chunk = Math.min(opts.maxChunk, state.chunk * 2);
  }
  if (deps.store && (changed || !deps.store.get('base'))) await publishBaseRanking(deps, opts);
  return { head, logs: logsSeen, done: last === end };
}

/** The chain under the cursor is not the one indexed: the anchor block changed or is gone. */
async function replaced(
  client: BaseClient,
  cursor: { anchorBlock: bigint | null; anchorHash: string | null; lastBlock: bigint },
  head: bigint,
) {
  if (cursor.anchorBlock === null || cursor.anchorHash === null)
    return head < cursor.lastBlock - 1_000n;
  if (head < cursor.anchorBlock) return true;
  return (await client.getBlock(cursor.anchorBlock)).hash !== cursor.anchorHash;
}

function validLogs(raw: unknown[], logger: Pick<Logger, 'warn'>): TransferLog[] {
  const out: TransferLog[] = [];
  for (const log of raw) {
    const parsed = parseTransferLog(log as never);
    if ('malformed' in parsed) {
      if (parsed.malformed !== 'removed')
        logger.warn(
          { log, reason: parsed.malformed },
          'base indexer: malformed Transfer log skipped',
        );
    } else out.push(parsed);
  }
  return out;
}

export async function publishBaseRanking(deps: BaseIndexerDeps, opts: BaseIndexerOptions) {
  const contract = opts.contract.toLowerCase();
  const cursor = await readCursor(deps.db, contract);
  if (!cursor || !deps.store) return;
  const list = rankHolders({
    balances: await readBalances(deps.db, contract),
    decimals: opts.decimals,
    known: opts.known,
    limit: WALLET_LIST_LIMIT.base,
    caseInsensitive: true,
    asOf: {
      network: 'base',
      position: cursor.lastBlock.toString(),
      time: cursor.lastBlockTime.toISOString(),
    },
  });
  list.wallets = list.wallets.map((w) => ({ ...w, address: getAddress(w.address) }));
  await deps.store.publish('base', list, deps.now());
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);
