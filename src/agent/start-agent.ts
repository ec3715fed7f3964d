import { postRewardSettings, runDuePostRewards } from '../core/post-rewards/index.ts';
import type { FetchFn } from '../integrations/x/http.ts';
import { saveAgentTokens } from './account/agent-account.ts';
import { createVideos } from './commands/video/create-videos.ts';
import { loadAgentConfig } from './config.ts';
import type { AgentDeps } from './deps.ts';
import { createAnalystPort } from './engine/analyst-port.ts';
import { createEvidencePort } from './engine/evidence-port.ts';
import { createSubscriptionPort } from './engine/subscription-port.ts';
import { createWalletPorts } from './engine/wallet-ports.ts';
import type { MentionPushSettings } from './inbox/mention-push.ts';
import { type AgentRuntime, createAgentRuntime } from './runtime.ts';

/** Tokens as an OAuth token endpoint returns them (the sandbox's helper gives this shape). */
export interface IssuedTokens {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
  user: { id: string; username: string };
}

/**
 * Builds the agent for this process (composeProduct hands it to the API). With `connectSandboxAccount`
 * (default run) the agent's account on the local X is created and connected at once; otherwise
 * the operator connects it once with `npm run agent:connect`. Loops are started by the caller.
 */
export async function startAgent(
  deps: AgentDeps,
  p: {
    env: NodeJS.ProcessEnv;
    connectSandboxAccount?: (handle: string) => Promise<IssuedTokens>;
    inProcessFetch?: FetchFn;
    /** Where X pushes mentions (null: polling only). */
    push?: MentionPushSettings | null;
  },
): Promise<AgentRuntime> {
  const agentConfig = loadAgentConfig(p.env, {
    sandbox: deps.config.sandbox,
    publicUrl: deps.config.publicUrl,
  });
  let runtime: AgentRuntime | null = null;
  const wallets = createWalletPorts(deps, () => runtime!.worker.access());
  const evidence = createEvidencePort(deps, () => runtime!.worker.access());
  const videos = createVideos(deps, {
    access: () => runtime!.worker.access(),
    renderLimitMs: agentConfig.videoRenderLimitMs,
  });
  runtime = createAgentRuntime({
    deps,
    agentConfig,
    wallets,
    evidence,
    videos,
    subscriptions: createSubscriptionPort(deps),
    analyst: createAnalystPort(deps),
    latestOrdinal: () => deps.constellation.getLatestOrdinal('UP'),
    xFetch: p.inProcessFetch,
    push: p.push ?? null,
    postRewards: ({ workerId }) =>
      runDuePostRewards(
        { ...deps, llm: deps.llm ?? null },
        {
          settings: postRewardSettings(deps.config),
          access: () => runtime!.worker.access(),
          workerId,
        },
      ),
  });
  if (p.connectSandboxAccount) {
    const issued = await p.connectSandboxAccount(runtime.handle);
    await saveAgentTokens(
      { db: deps.db, cipher: deps.tokenCipher, handle: runtime.handle },
      {
        xUserId: issued.user.id,
        tokens: {
          accessToken: issued.access_token,
          refreshToken: issued.refresh_token ?? null,
          expiresAt: new Date(deps.now().getTime() + issued.expires_in * 1000),
          scopes: issued.scope.split(' ').filter(Boolean),
        },
      },
    );
  }
  return runtime;
}
