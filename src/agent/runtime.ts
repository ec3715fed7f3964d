import type { FetchFn } from '../integrations/x/http.ts';
import { createXClient } from '../integrations/x/index.ts';
import type { ConnectDeps } from './account/connect.ts';
import type { AgentConfig } from './config.ts';
import type { AgentDeps, AgentSettings } from './deps.ts';
import type { AnalystPort, EvidencePort, SubscriptionPort, WalletPorts } from './engine/ports.ts';
import type { ProcessDeps } from './engine/process-job.ts';
import type { VideoPort } from './engine/video-port.ts';
import type { MentionPushSettings } from './inbox/mention-push.ts';
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
  /** X pushes mentions to /api/x/webhook when set (polling catches up either way). */
  push: MentionPushSettings | null;
}

/** What the runtime takes from the agent's deps (which never carry the runtime itself). */
export type RuntimeDeps = Pick<AgentDeps, 'db' | 'logger' | 'now' | 'x' | 'tokenCipher' | 'llm'> & {
  config: AgentSettings;
};

export function createAgentRuntime(p: {
  deps: RuntimeDeps;
  agentConfig: AgentConfig;
  wallets: WalletPorts;
  evidence: EvidencePort | null;
  subscriptions: SubscriptionPort;
  analyst: AnalystPort | null;
  /** Promotion videos: the engine's port and the worker's job step. */
  videos?: { port: VideoPort; drain: (workerId: string) => Promise<number> };
  latestOrdinal: () => Promise<bigint | null>;
  /** How the agent reaches X for calls the X client lacks (in-process in sandbox mode). */
  xFetch?: FetchFn;
  push?: MentionPushSettings | null;
  /** The daily quality-post rewards job (decision 0020). */
  postRewards?: (p: { workerId: string }) => Promise<number>;
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
    analyst: p.analyst,
    videos: p.videos?.port ?? null,
    interpret: interpretPost,
  };
  const worker = createAgentWorker({
    ...engineBase,
    x: deps.x,
    xApiUrl: deps.config.x.apiUrl,
    xAccessTier: deps.config.x.accessTier,
    xWebUrl: deps.config.publicConfig.xWebUrl,
    cipher: deps.tokenCipher,
    xFetch: p.xFetch,
    llm: deps.llm ?? null,
    drainVideos: p.videos?.drain,
    renewalReminderDays: deps.config.subscriptions.reminderDays,
    push: p.push ?? null,
    postRewards: p.postRewards,
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
    push: p.push ?? null,
  };
}
