import type { Db } from '../../db/client.ts';
import type { Logger } from '../../shared/logger.ts';
import type { Command } from '../commands/grammar/types.ts';
import type { AgentConfig } from '../config.ts';
import type { InboxPost } from '../inbox/normalize-post.ts';
import type { AnalystPort, EvidencePort, SubscriptionPort, WalletPorts } from './ports.ts';
import type { VideoPort } from './video-port.ts';

export type Interpretation = { act: false; reason: string } | { act: true; command: Command };

/** The post shape interpretPost reads. */
export interface InterpretInput {
  id: string;
  authorId: string;
  text: string;
  referencedTweets?: InboxPost['referencedTweets'];
  entities?: InboxPost['entities'];
}

/** Everything the command engine uses; the same for X posts and console messages. */
export interface EngineDeps {
  db: Db;
  logger: Logger;
  now: () => Date;
  config: AgentConfig;
  publicUrl: string;
  agentHandle: string;
  wallets: WalletPorts;
  /** Digital evidence; null when the Digital Evidence API is not configured. */
  evidence: EvidencePort | null;
  subscriptions: SubscriptionPort;
  /** AI token analysis; null when no LLM endpoint is configured. */
  analyst: AnalystPort | null;
  /** Promotion videos; absent where the process does not render them. */
  videos?: VideoPort | null;
  interpret: (
    post: InterpretInput,
    ctx: { agentHandle: string; agentUserId: string },
  ) => Interpretation;
}
