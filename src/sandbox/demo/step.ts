import type { CoreDeps } from '@/core/deps.ts';
import type { LocalXDriver } from './local-x-driver.ts';

/** What a demo step gets: the product's dependencies and drivers of the running server. */
export interface DemoContext {
  deps: CoreDeps;
  /** The agent's handle without @ (e.g. `UpsiderAgent`). */
  agent: string;
  /** Calls the running server in-process: `call('/api/wallets')`, `call('/sandbox/…', { method: 'POST', json })`. */
  call(
    path: string,
    init?: { method?: string; json?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
  /** Acts on the local X as its users: create users, post, reply, wait for the agent's reply. */
  x: LocalXDriver;
  /** Sends tokens from the local network's faucet to a local-X user's custodial wallet. */
  fund(username: string, token: 'UP' | 'DAG' | 'DOR', tokens: string): Promise<void>;
  /** The sandbox Polymarket bot's key: the demo posts the bot's reasoning with it. */
  botAnalysesKey: string;
  log(message: string, details?: Record<string, unknown>): void;
}

/**
 * One step of the first-start demo. It must act through the product's real paths (posts the agent
 * executes, the product's API, the twins' admin routes), be safe to run again after a crash
 * halfway (steps are recorded only when they finish), and take seconds, not minutes.
 */
export interface DemoStep {
  /** Unique and stable: it is the record that the step has run. */
  name: string;
  run(ctx: DemoContext): Promise<void>;
}
