import { Hono } from 'hono';
import { BASE_SANDBOX_PATH, startBaseInBackground } from './base/background.ts';
import { createConstellationSandbox } from './constellation/service.ts';
import { migrateSandbox } from './db/migrate.ts';
import { createEvidenceSandbox } from './evidence/service.ts';
import { guardSandboxService } from './guard.ts';
import { sandboxIndexPage } from './index-page.ts';
import { createLlmSandbox } from './llm/service.ts';
import { createMarketSandbox } from './market/service.ts';
import { createPolymarketSandbox } from './polymarket/service.ts';
import type { FailedTwin, SandboxContext, SandboxService } from './sandbox-service.ts';
import { createXSandbox } from './x/service.ts';

export type { FailedTwin, SandboxContext, SandboxService };

/**
 * The sandbox: local simulators of outside services, mounted on the product's own server
 * only in sandbox mode. Product code never imports from here; only main.ts (and tests) do.
 */
export async function startSandbox(ctx: SandboxContext) {
  await migrateSandbox(ctx.database);
  // Each simulator adds itself here.
  const services: SandboxService[] = [
    await createXSandbox(ctx, { limits: ctx.xLimits }),
    await createConstellationSandbox(ctx),
    createPolymarketSandbox(ctx),
    createLlmSandbox(ctx),
    createMarketSandbox(ctx),
    createEvidenceSandbox(ctx),
  ];
  // The local Base chain is a real node (anvil), started in the background; where it cannot
  // run, the log says so and the rest goes on without it.
  const failed: FailedTwin[] = [];
  const base = ctx.withBase ? startBaseInBackground(ctx, services, failed) : null;

  const page = sandboxIndexPage({
    publicUrl: ctx.publicUrl,
    productName: ctx.config.publicConfig.productName,
    agentHandle: ctx.config.publicConfig.agentHandle,
    services,
    failed,
    fetch: ctx.fetch,
  });
  const index = new Hono().get('/', async (c) => {
    // A browser gets the HTML page; tools and tests get the JSON index (content negotiation).
    const html = await page.html(
      c.req.header('accept'),
      c.req.query('flash'),
      c.req.header('cookie'),
    );
    c.header('Vary', 'Accept');
    if (html) return c.html(html);
    return c.json({
      sandbox: true,
      description: `${ctx.config.publicConfig.productName} is running against local simulators of its outside services. Nothing here touches a real network.`,
      services: Object.fromEntries([
        ...services.map((s) => [
          s.name,
          {
            baseUrl: `${ctx.publicUrl}${s.path}`,
            status: 'running',
            // Every twin's fault switch (decision 0064): POST to inject, GET to list, DELETE to clear.
            faultsUrl: `${ctx.publicUrl}${s.path}/_admin/faults`,
            ...s.describe(),
          },
        ]),
        ...failed.map((f) => [
          f.name,
          { baseUrl: `${ctx.publicUrl}${f.path}`, status: 'failed', error: f.message },
        ]),
      ]),
      admin: {
        createProject: `${ctx.publicUrl}/sandbox/_admin/projects`,
        closeRewardMonth: `${ctx.publicUrl}/sandbox/rewards/_admin/close-month`,
      },
    });
  });
  index.route('/', page.app);
  // Specific mounts first: `/sandbox` itself is the index.
  const mounts = [
    ...services.map((s) => ({
      path: s.path,
      app: guardSandboxService(s.app, { publicUrl: ctx.publicUrl, problemJson: s.name === 'x' }),
    })),
    ...(base
      ? [
          {
            path: BASE_SANDBOX_PATH,
            app: guardSandboxService(base.app, { publicUrl: ctx.publicUrl }),
          },
        ]
      : []),
    { path: '/sandbox', app: guardSandboxService(index, { publicUrl: ctx.publicUrl }) },
  ];
  return {
    services,
    mounts,
    /** Resolves once the local Base node runs (null: not started or not available). */
    base: base?.ready ?? Promise.resolve(null),
    /** The twins that could not start (the local Base node, once `base` settled). */
    failed: failed as readonly FailedTwin[],
    async stop() {
      // A node still starting is stopped once it runs (it is in `services` by then).
      await base?.ready;
      for (const s of services) await s.stop?.();
    },
  };
}
