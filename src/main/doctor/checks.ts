import type { ConstellationClient } from '@/integrations/constellation/index.ts';
import type { EvidenceClient } from '@/integrations/evidence/index.ts';
import type { MarketClient } from '@/integrations/market/index.ts';
import type { PolymarketClient } from '@/integrations/polymarket/index.ts';
import type { XClient } from '@/integrations/x/index.ts';
import type { Config } from '../config.ts';
import { readBaseToken } from './base-check.ts';
import { type DoctorCheck, SkippedCheck } from './check.ts';

export interface DoctorDeps {
  config: Config;
  x: Pick<XClient, 'getMe'>;
  /** The agent's stored X token; throws SkippedCheck when the database cannot be read here. */
  agentAccess(): Promise<{ accessToken: string }>;
  constellation: Pick<ConstellationClient, 'getLatestOrdinal' | 'getLastReference'>;
  /** The treasury's DAG address (system wallet, else MAIN_WALLET_ADDRESS), or null. */
  treasuryAddress(): Promise<string | null>;
  polymarket: Pick<PolymarketClient, 'positions'> | null;
  evidence: Pick<EvidenceClient, 'stats'>;
  llm: { listModels(): Promise<string[]> } | null;
  market: Pick<MarketClient, 'getUpPrice'>;
}

/** One read-only check per configured service, in the order they are printed. */
export function doctorChecks(deps: DoctorDeps): DoctorCheck[] {
  const { config } = deps;
  const handle = config.publicConfig.agentHandle;
  const up = config.constellation.UP;
  const base = config.holders.base;
  const checks: DoctorCheck[] = [
    {
      service: 'X',
      url: `${config.x.apiUrl}/2/users/me`,
      check: `the agent's token is @${handle}'s`,
      fix: `run npm run agent:connect and authorize while signed in to X as @${handle}`,
      async run() {
        const access = await deps.agentAccess();
        const { user } = await deps.x.getMe(access.accessToken);
        if (user.username.toLowerCase() !== handle.toLowerCase()) {
          throw new Error(`the token belongs to @${user.username}, not @${handle}`);
        }
        return `@${user.username} (id ${user.id})`;
      },
    },
    {
      service: 'Constellation',
      url: config.constellation.dag.l0Url,
      check: 'DAG L0 latest snapshot',
      fix: 'CONSTELLATION_DAG_L0_URL must be a reachable DAG global L0 node',
      run: async () => `snapshot ${await deps.constellation.getLatestOrdinal('DAG')}`,
    },
    {
      service: 'Constellation',
      url: up?.l0Url ?? '(not configured)',
      check: 'UP metagraph L0 latest snapshot',
      fix: 'CONSTELLATION_UP_L0_URL, _L1_URL and _METAGRAPH_ID from the metagraph operators',
      async run() {
        if (!up) throw new Error('the UP metagraph is not configured');
        return `snapshot ${await deps.constellation.getLatestOrdinal('UP')}`;
      },
    },
    {
      service: 'Constellation',
      url: up?.l1Url ?? '(not configured)',
      check: "UP L1: the treasury's last reference",
      fix: 'CONSTELLATION_UP_L1_URL must be a reachable UP currency L1 node',
      async run() {
        if (!up) throw new Error('the UP metagraph is not configured');
        const treasury = await deps.treasuryAddress();
        if (!treasury) throw new SkippedCheck('no treasury yet (made at the first start)');
        const ref = await deps.constellation.getLastReference('UP', treasury);
        return `${treasury}: ordinal ${ref.ordinal}`;
      },
    },
    {
      service: 'Base',
      url: base.rpcUrl ?? '(not configured)',
      check: 'chain id, UP contract symbol and decimals',
      fix: `BASE_RPC_URL must serve chain ${base.chainId} (BASE_CHAIN_ID) and BASE_UP_CONTRACT be the UP ERC-20`,
      async run() {
        if (!base.rpcUrl || !base.contract) {
          if (config.sandbox) throw new SkippedCheck('sandbox: npm start runs its own local node');
          throw new Error('BASE_RPC_URL or BASE_UP_CONTRACT is not set');
        }
        const t = await readBaseToken({
          rpcUrl: base.rpcUrl,
          contract: base.contract,
          expectChainId: config.sandbox ? null : base.chainId,
        });
        return `chain ${t.chainId}, ${t.symbol}, ${t.decimals} decimals`;
      },
    },
    {
      service: 'Polymarket',
      url: config.polymarket.dataUrl,
      check: "the bot's positions",
      fix: 'POLYMARKET_DATA_API_URL and POLYMARKET_PROXY_WALLET (the bot’s profile address)',
      async run() {
        if (!deps.polymarket)
          throw new SkippedCheck('no POLYMARKET_PROXY_WALLET: the page says so');
        return `${(await deps.polymarket.positions()).length} positions`;
      },
    },
    {
      service: 'Digital Evidence',
      url: config.evidence.url,
      check: 'fingerprint stats',
      fix: 'DIGITAL_EVIDENCE_URL and DIGITAL_EVIDENCE_API_KEY',
      async run() {
        if (!config.evidence.enabled)
          throw new SkippedCheck('not configured: fingerprints are off');
        // Which of the vendor's two shapes the service answers in (decision 0051).
        const stats = await deps.evidence.stats();
        return `answers in the ${stats.shape.toUpperCase()} shape; ${stats.fingerprintsTotal} fingerprints`;
      },
    },
    {
      service: 'LLM',
      url: config.llm ? `${config.llm.baseUrl}/models` : '(not configured)',
      check: `the model ${config.llm?.model ?? ''} is served`,
      fix: 'LLM_BASE_URL, LLM_API_KEY and LLM_MODEL of an OpenAI-compatible server',
      async run() {
        if (!deps.llm || !config.llm) throw new SkippedCheck('not configured: analyses are off');
        const models = await deps.llm.listModels();
        if (!models.includes(config.llm.model)) {
          throw new Error(`${config.llm.model} is not among ${models.slice(0, 5).join(', ')}`);
        }
        return `${models.length} models, ${config.llm.model} among them`;
      },
    },
    {
      service: 'Market price',
      url: config.market.baseUrl,
      check: `UP/USD (${config.market.coinId ?? 'no MARKET_COIN_ID'})`,
      fix: 'MARKET_API_URL, MARKET_API_KEY and MARKET_COIN_ID (UP’s id at the market-data API)',
      async run() {
        const price = await deps.market.getUpPrice();
        return `$${price.usd} as of ${price.asOf.toISOString()}`;
      },
    },
  ];
  return checks;
}
