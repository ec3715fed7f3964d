import type { CoreConfig, CoreDeps } from '@/core/deps.ts';
import type { XClientOptions } from '@/integrations/x/index.ts';
import type { PublicConfig } from '@/shared/public-config.ts';
import type { XAccessTier } from '@/shared/x-access-tier.ts';

/**
 * The product settings the agent reads beyond its own (AGENT_*, `config.ts`). Declared here, not
 * taken from src/main: main's parsed config satisfies it, and `npx tsc` proves that in
 * main/compose-product.ts, where the agent is started.
 */
export interface AgentSettings {
  publicUrl: string;
  sandbox: boolean;
  publicConfig: Pick<PublicConfig, 'agentHandle' | 'xWebUrl'>;
  /**
   * The product's X app: the agent's connect flow signs in with it. `accessTier`: what X lets
   * the agent's account do (no quote posts on self-serve, decision 0043).
   */
  x: Omit<XClientOptions, 'fetch' | 'now' | 'timeoutMs'> & { accessTier: XAccessTier };
  subscriptions: { reminderDays: number };
  /** The LLM endpoint (null: analyses are off); a sandbox model answers as the local twin. */
  llm: { baseUrl: string } | null;
  /** Digital Evidence: the key that signs submissions stays behind a function, never logged. */
  evidence: {
    enabled: boolean;
    orgId: string;
    tenantId: string;
    readSigningKey: () => string | undefined;
  };
}

/** The settings the agent's deps carry: core's and the agent's own (an intersection: they overlap). */
export type AgentDepsConfig = CoreConfig & AgentSettings;

/**
 * What the agent is built from (composeAgent builds the AgentContext from it): core's deps with the agent's
 * settings. The running agent itself is not in here: the API's deps carry it (`ApiDeps`).
 */
export interface AgentDeps extends Omit<CoreDeps, 'config'> {
  config: AgentDepsConfig;
}
