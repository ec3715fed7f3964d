import type { XClientOptions } from '../integrations/x/client.ts';
import type { PublicConfig } from '../shared/public-config.ts';

/**
 * The product settings the agent reads beyond its own (AGENT_*, `config.ts`). Declared here, not
 * taken from src/main: main's parsed config satisfies it, and `npx tsc` proves that in
 * main/compose-product.ts, where the agent is started.
 */
export interface AgentSettings {
  publicUrl: string;
  sandbox: boolean;
  publicConfig: Pick<PublicConfig, 'agentHandle'>;
  /** The product's X app: the agent's connect flow signs in with it. */
  x: Omit<XClientOptions, 'fetch' | 'now' | 'timeoutMs'>;
  subscriptions: { reminderDays: number };
}
