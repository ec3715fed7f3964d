import type { Hono } from 'hono';
import type { Database } from '../db/client.ts';
import type { AppDeps } from '../main/deps.ts';

/** One local simulator: where it is mounted, its routes, and what `GET /sandbox` says about it. */
export interface SandboxService {
  name: string;
  /** Mount path under the product's server, e.g. `/sandbox/x`. */
  path: string;
  app: Hono;
  /** Base URLs and facts a tool or test needs to find and use the service. */
  describe(): Record<string, unknown>;
  /** Background work (snapshot timers...) to stop on shutdown. */
  stop?(): Promise<void> | void;
}

export interface SandboxContext {
  deps: AppDeps;
  database: Database;
  /** Absolute origin of the server the sandbox is mounted on. */
  publicUrl: string;
  /** Start the local Base node (anvil). Off where BASE_RPC_URL points elsewhere, and in most tests. */
  withBase?: boolean;
  /** Outbound HTTP of the twins (the local X's webhook calls); in-process in the default run. */
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
}
