import type { FetchFn } from '@/integrations/x/index.ts';
import type { getAgentAccess } from './account/agent-account.ts';
import type { Command } from './commands/grammar/types.ts';
import type { AgentConfig } from './config.ts';
import type { AgentDeps } from './deps.ts';
import type { WalletServices } from './engine/wallet-services.ts';
import type { MentionPushSettings } from './inbox/mention-push.ts';
import type { InboxPost } from './inbox/normalize-post.ts';

export type Interpretation = { act: false; reason: string } | { act: true; command: Command };

/** The post shape interpretPost reads. */
export interface InterpretInput {
  id: string;
  authorId: string;
  text: string;
  referencedTweets?: InboxPost['referencedTweets'];
  entities?: InboxPost['entities'];
}

/**
 * The one context the agent runs on: the product's deps (core's services take it as it is, the
 * agent calls them directly), its own settings (`agent`, parsed in src/main/config-agent.ts) and
 * its X account. Built once by compose-agent.ts; the same for X posts, the console and the loops.
 */
export interface AgentContext extends AgentDeps {
  agent: AgentConfig;
  agentHandle: string;
  publicUrl: string;
  /** Names this process's leases in the shared queues. */
  workerId: string;
  /** The agent's X token (refreshed when due); throws while the account is not connected. */
  access: (opts?: { force?: boolean }) => ReturnType<typeof getAgentAccess>;
  interpret: (
    post: InterpretInput,
    ctx: { agentHandle: string; agentUserId: string },
  ) => Interpretation;
  /** How the agent reaches X for calls the X client lacks (in-process in sandbox mode). */
  xFetch?: FetchFn;
  /** Where X pushes mentions; null: polling only. */
  push: MentionPushSettings | null;
  /** Core's wallet services bound to this context (engine/wallet-services.ts). */
  wallets: WalletServices;
}
