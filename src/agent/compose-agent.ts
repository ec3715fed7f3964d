import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FetchFn } from '@/integrations/x/index.ts';
import { getAgentAccess, saveAgentTokens } from './account/agent-account.ts';
import { type AgentRuntime, agentForApi } from './agent-for-api.ts';
import type { AgentConfig } from './config.ts';
import type { AgentContext } from './context.ts';
import type { AgentDeps } from './deps.ts';
import { bindWalletServices } from './engine/wallet-services.ts';
import type { MentionPushSettings } from './inbox/mention-push.ts';
import { createLoopWorker } from './loops/loop-worker.ts';
import { interpretPost } from './safety/interpret-post.ts';

/** Tokens as an OAuth token endpoint returns them (the sandbox's helper gives this shape). */
export interface IssuedTokens {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
  user: { id: string; username: string };
}

/**
 * Composes the agent for this process (composeProduct hands it to the API): its one context
 * (the product's deps, its settings parsed in src/main, its X account), the loops, and what the
 * API reaches. With `connectSandboxAccount` (default run) the agent's account on the local X is
 * created and connected at once; otherwise the operator connects it once with `npm run
 * agent:connect`. Loops are started by the caller.
 */
export async function composeAgent(
  deps: AgentDeps,
  p: {
    agentConfig: AgentConfig;
    connectSandboxAccount?: (handle: string) => Promise<IssuedTokens>;
    /** How the agent reaches X for calls the X client lacks (in-process in sandbox mode). */
    inProcessFetch?: FetchFn;
    /** Where X pushes mentions (null: polling only). */
    push?: MentionPushSettings | null;
  },
): Promise<AgentRuntime> {
  const handle = deps.config.publicConfig.agentHandle;
  const account = { db: deps.db, cipher: deps.tokenCipher, x: deps.x, handle, now: deps.now };
  const base: Omit<AgentContext, 'wallets'> = {
    ...deps,
    logger: deps.logger.child({ component: 'agent' }),
    agent: p.agentConfig,
    agentHandle: handle,
    publicUrl: deps.config.publicUrl,
    workerId: `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    access: (opts) => getAgentAccess(account, opts),
    interpret: interpretPost,
    xFetch: p.inProcessFetch,
    push: p.push ?? null,
  };
  const ctx: AgentContext = { ...base, wallets: bindWalletServices(base) };
  const runtime = agentForApi(ctx, createLoopWorker(ctx));
  if (p.connectSandboxAccount) {
    const issued = await p.connectSandboxAccount(handle);
    await saveAgentTokens(
      { db: deps.db, cipher: deps.tokenCipher, handle },
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
