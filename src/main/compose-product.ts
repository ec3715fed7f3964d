import type { Hono } from 'hono';
import { composeAgent, type IssuedTokens } from '@/agent/compose-agent.ts';
import type { MentionPushSettings } from '@/agent/inbox/mention-push.ts';
import { type CreateAppOptions, createApp } from '@/api/app.ts';
import { hotWalletExcess } from '@/core/hot-wallets/index.ts';
import type { Database } from '@/db/client.ts';
import type { Config } from './config.ts';
import { loadAgentConfig } from './config-agent.ts';
import { type AppDeps, type AppDepsOptions, appFetch, createAppDeps } from './deps.ts';
import type { Logger } from './logger.ts';
import { createMetrics } from './metrics/registry.ts';

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** The simulators as the wiring needs them; built by bootstrap.ts, the one file that imports them. */
export interface LocalSandbox<Handle> {
  handle: Handle;
  /** The local X's registered app: the product signs in with it, X pushes with its secret. */
  localX?: { clientId: string; clientSecret: string; appBearerToken: string };
  mounts(deps: AppDeps): { path: string; app: Hono }[];
  /** Creates and connects an account on the local X (the agent's, in sandbox mode). */
  connectAccount(handle: string): Promise<IssuedTokens>;
}
export type SandboxStarter<Handle> = (ctx: {
  config: Config;
  database: Database;
  logger: Logger;
  now: () => Date;
  fetch: Fetch;
}) => Promise<LocalSandbox<Handle>>;

export interface ComposeOptions<Handle>
  extends Omit<AppDepsOptions, 'fetch' | 'xApp' | 'fetchFor'> {
  /** A client's own outbound HTTP, given the in-process one (tests watch or fake a service). */
  fetchFor?: (inProcess: Fetch) => AppDepsOptions['fetchFor'];
  /** Which outbound URLs the app answers in-process (the sandbox on the server's own origin). */
  inProcess: (url: string) => boolean;
  /** Mounts the simulators on this app (sandbox mode). */
  sandbox?: SandboxStarter<Handle> | null;
  /** The X app's client when neither config nor a local X names one (tests). */
  xAppFallback?: AppDepsOptions['xApp'];
  /** Runs once the deps exist, before the agent is built (the server provisions system wallets). */
  prepare?: (deps: AppDeps) => Promise<void>;
  /** Builds the X agent (its loops are started by the caller). */
  agent?: {
    env: NodeJS.ProcessEnv;
    /** Where X pushes mentions: the local X's webhook, given settings, or polling only. */
    push: 'local-x' | MentionPushSettings | null;
  };
  app?: CreateAppOptions;
}

/**
 * The product's one wiring, shared by `npm start` (bootstrap.ts) and the test harnesses so that
 * tests run what ships: sandbox (optional) → deps → agent (optional) → app, the app answering its
 * own origin in-process. What only a running server needs (workers, indexers) stays in bootstrap.
 */
export async function composeProduct<Handle = never>(
  config: Config,
  database: Database,
  opts: ComposeOptions<Handle>,
) {
  const now = opts.now ?? (() => new Date());
  const local = appFetch(opts.inProcess);
  const fetch = local.fetch;
  const sandbox = opts.sandbox
    ? await opts.sandbox({ config, database, logger: opts.logger, now, fetch })
    : null;
  const localX = sandbox?.localX;
  const deps = createAppDeps(config, database.db, {
    ...opts,
    now,
    fetch,
    fetchFor: opts.fetchFor?.(fetch),
    xApp: localX
      ? { clientId: localX.clientId, clientSecret: localX.clientSecret }
      : opts.xAppFallback,
  });
  // Before the agent starts: its jobs are observed and their log lines carry their ids.
  const metrics = createMetrics(database.db, {
    now,
    holders: deps.holders,
    hotWallets: () => hotWalletExcess(deps, config.hotWallets),
  });
  await opts.prepare?.(deps);
  const push = opts.agent?.push;
  const agent = opts.agent
    ? await composeAgent(deps, {
        agentConfig: loadAgentConfig(opts.agent.env, config),
        connectSandboxAccount: sandbox?.connectAccount,
        inProcessFetch: sandbox ? fetch : undefined,
        push:
          push === 'local-x'
            ? localX && {
                webhookUrl: `${config.publicUrl}/api/x/webhook`,
                consumerSecret: localX.clientSecret,
                appBearerToken: localX.appBearerToken,
              }
            : push,
      })
    : null;
  // What the HTTP side serves (agent routes, webhook, sandbox admin) sees the agent through
  // these deps; the agent itself was built from the ones without it.
  const served: AppDeps = agent ? { ...deps, agent } : deps;
  const mounts = [...(sandbox?.mounts(served) ?? []), ...(opts.app?.mounts ?? [])];
  const app = createApp(served, {
    ...opts.app,
    mounts,
    metrics: { token: config.metrics.token, scrape: metrics.scrape },
  });
  local.attach(app);
  return { app, deps: served, agent, sandbox: sandbox?.handle ?? null, metrics };
}
