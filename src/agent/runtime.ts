import type { FetchFn } from '../integrations/x/http.ts';
import { createXClient } from '../integrations/x/index.ts';
import type { AppDeps } from '../main/deps.ts';
import type { ConnectDeps } from './account/connect.ts';
import type { AgentConfig } from './config.ts';
import type { EvidencePort, SubscriptionPort, WalletPorts } from './engine/ports.ts';
import type { ProcessDeps } from './engine/process-job.ts';
import { interpretPost } from './safety/interpret-post.ts';
import { type AgentWorker, createAgentWorker } from './worker.ts';

/** Everything the agent's routes and loops share, built once by the composition root. */
export interface AgentRuntime {
  config: AgentConfig;
  handle: string;
  worker: AgentWorker;
  /** Engine dependencies for the web console (same rules, fees and limits as posts). */
  engine(): Promise<ProcessDeps>;
  connect: ConnectDeps;
  latestOrdinal(): Promise<bigint | null>;
}

export function createAgentRuntime(p: {
  deps: Pick<AppDeps, 'config' | 'db' | 'logger' | 'now' | 'x' | 'tokenCipher'>;
  agentConfig: AgentConfig;
  wallets: WalletPorts;
  evidence: EvidencePort | null;
  subscriptions: SubscriptionPort;
  latestOrdinal: () => Promise<bigint | null>;
  /** How the agent reaches X for calls the X client lacks (in-process in sandbox mode). */
  xFetch?: FetchFn;
}): AgentRuntime {
  const { deps, agentConfig } = p;
  const handle = deps.config.publicConfig.agentHandle;
  const engineBase = {
    db: deps.db,
    logger: deps.logger.child({ component: 'agent' }),
    now: deps.now,
    config: agentConfig,
    publicUrl: deps.config.publicUrl,
    agentHandle: handle,
    wallets: p.wallets,
    evidence: p.evidence,
    subscriptions: p.subscriptions,
    interpret: interpretPost,
  };
  const worker = createAgentWorker({
    ...engineBase,
    x: deps.x,
    xApiUrl: deps.config.x.apiUrl,
    cipher: deps.tokenCipher,
    xFetch: p.xFetch,
    renewalReminderDays: deps.config.subscriptions.reminderDays,
  });
  const connectClient = createXClient({
    ...deps.config.x,
    redirectUri: `${deps.config.publicUrl}/api/agent/oauth/callback`,
    now: deps.now,
  });
  return {
    config: agentConfig,
    handle,
    worker,
    async engine() {
      const agentUserId = await worker
        .access()
        .then((a) => a.xUserId)
        .catch(() => null);
      return { ...engineBase, agentUserId };
    },
    connect: { db: deps.db, x: connectClient, cipher: deps.tokenCipher, handle, now: deps.now },
    latestOrdinal: p.latestOrdinal,
  };
}
