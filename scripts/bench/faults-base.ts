// The Base rows of the faults bench: the local Base node (anvil) with the product's holders
// indexer reading it through the faultable passthrough, as the sandbox wires it (bootstrap's
// baseChain). During a fault a transfer is made on the chain; users see `/api/base-wallets`.
import { startBaseHoldersIndexer } from '@/core/holders/start-holder-indexers.ts';
import { baseChain } from '@/main/bootstrap.ts';
import { loadBaseGenesis } from '@/sandbox/base/genesis.ts';
import type { AgentEnv } from '../../tests/support/agent-env.ts';

/** What a row watches besides the agent's commands. */
export interface FaultWatch {
  /** Called once the fault is in: does what users do meanwhile. */
  during(): Promise<void>;
  /** What users see now, in a few words. */
  sample(): Promise<string>;
  /** Whether what happened during the fault is visible again. */
  recovered(): Promise<boolean>;
  /** Invariants of this service; an empty list: all hold. */
  problems(): Promise<string[]>;
}

/** Starts the holders indexer once anvil runs; null when anvil cannot run here. */
export async function startBaseIndexing(env: AgentEnv) {
  const node = await env.sandbox.base;
  if (!node) return null;
  const settings = baseChain(env.config, env.sandbox.services);
  if (!settings) return null;
  const indexer = await startBaseHoldersIndexer(env.deps, settings);
  // A row starts from a served ranking: before the first, /api/base-wallets is 503 anyway.
  for (let i = 0; i < 600 && !env.deps.holders.get('base'); i++)
    await new Promise((r) => setTimeout(r, 500));
  return indexer;
}

/** One transfer during the fault; recovered once the ranking has read past its block. */
export function baseWatch(env: AgentEnv): FaultWatch {
  const holder = loadBaseGenesis().mints[0]!.to;
  const to = `0x${[...crypto.getRandomValues(new Uint8Array(20))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  let block: bigint | null = null;
  const ranking = () => env.call('GET', '/api/base-wallets');
  return {
    async during() {
      const res = await env.call('POST', '/sandbox/base/_admin/transfer', {
        from: holder,
        to,
        up: '1',
      });
      if (res.status !== 200) throw new Error(`base transfer: ${JSON.stringify(res.body)}`);
      block = BigInt(res.body.blockNumber);
    },
    async sample() {
      const res = await ranking();
      if (res.status !== 200) return `base-wallets HTTP ${res.status}`;
      const body = res.body as { unreadableSince?: string; asOf?: { position: string } };
      const behind = block !== null && BigInt(body.asOf?.position ?? '0') < block;
      return `base-wallets 200${body.unreadableSince ? ' unreadable' : ''}${behind ? ' behind' : ''}`;
    },
    async recovered() {
      const res = await ranking();
      const position = (res.body as { asOf?: { position: string } } | null)?.asOf?.position;
      return res.status === 200 && block !== null && BigInt(position ?? '0') >= block;
    },
    async problems() {
      // The ranking's figures are the chain's: the transfer's recipient holds exactly 1 UP.
      const stored = env.deps.holders.get('base');
      const row = stored?.list.wallets.find((w) => w.address.toLowerCase() === to);
      if (!stored) return ['no Base ranking'];
      // A wallet outside the listed top is not shown: only a wrong figure is a problem.
      return row && row.balance !== 1 ? [`Base ranking shows ${row.balance} UP, not 1`] : [];
    },
  };
}
