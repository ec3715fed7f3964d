import { createXClient } from '@/integrations/x/index.ts';
import type { ConnectDeps } from './account/connect.ts';
import type { AgentConfig } from './config.ts';
import type { AgentContext } from './context.ts';
import type { ProcessDeps } from './engine/process-job.ts';
import type { MentionPushSettings } from './inbox/mention-push.ts';
import type { LoopWorker } from './loops/loop-worker.ts';

/** What the API's routes reach of the running agent (the webhook, the console, /status, connect). */
export interface AgentRuntime {
  config: AgentConfig;
  handle: string;
  worker: LoopWorker;
  /** The command engine for the web console (same rules, fees and limits as posts). */
  engine(): Promise<ProcessDeps>;
  connect: ConnectDeps;
  latestOrdinal(): Promise<bigint | null>;
  /** X pushes mentions to /api/x/webhook when set (polling catches up either way). */
  push: MentionPushSettings | null;
}

/** The agent as the API sees it: its context's settings, its loops, and the connect flow. */
export function agentForApi(ctx: AgentContext, worker: LoopWorker): AgentRuntime {
  const connectClient = createXClient({
    ...ctx.config.x,
    redirectUri: `${ctx.publicUrl}/api/agent/oauth/callback`,
    now: ctx.now,
  });
  return {
    config: ctx.agent,
    handle: ctx.agentHandle,
    worker,
    async engine() {
      const agentUserId = await ctx
        .access()
        .then((a) => a.xUserId)
        .catch(() => null);
      return { ...ctx, agentUserId };
    },
    connect: {
      db: ctx.db,
      x: connectClient,
      cipher: ctx.tokenCipher,
      handle: ctx.agentHandle,
      now: ctx.now,
    },
    latestOrdinal: () => ctx.constellation.getLatestOrdinal('UP'),
    push: ctx.push,
  };
}
