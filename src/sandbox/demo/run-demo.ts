import { eq } from 'drizzle-orm';
import type { CoreDeps } from '@/core/deps.ts';
import { demoSteps } from '../db/schema/index.ts';
import { createFunder } from './fund.ts';
import { createLocalXDriver } from './local-x-driver.ts';
import type { DemoContext, DemoStep } from './step.ts';
import { DEMO_STEPS } from './steps/index.ts';

export interface DemoOptions {
  deps: CoreDeps;
  /** The running app's in-process request (Hono `app.request`). */
  request: (url: string, init?: RequestInit) => Response | Promise<Response>;
  publicUrl: string;
  /** The sandbox bot's key for POST /api/polymarket/analyses (main's SANDBOX_POLYMARKET). */
  botAnalysesKey: string;
  steps?: DemoStep[];
}

/**
 * The first-start demo: runs each step that has not finished on this database yet, in order, and
 * records it. A failed step is logged and stops the demo (later steps may build on it); the next
 * start tries again from that step. Never throws: the product runs without its demo.
 */
export async function runDemo(opts: DemoOptions): Promise<{ ran: string[]; failed?: string }> {
  const { deps } = opts;
  const ctx = demoContext(opts);
  const ran: string[] = [];
  for (const step of opts.steps ?? DEMO_STEPS) {
    const done = await deps.db.select().from(demoSteps).where(eq(demoSteps.name, step.name));
    if (done.length) continue;
    const started = Date.now();
    try {
      await step.run(ctx);
    } catch (err) {
      deps.logger.warn({ step: step.name, err: (err as Error).message }, 'demo step failed');
      return { ran, failed: step.name };
    }
    await deps.db
      .insert(demoSteps)
      .values({ name: step.name, finishedAt: deps.now() })
      .onConflictDoNothing();
    ran.push(step.name);
    deps.logger.info({ step: step.name, ms: Date.now() - started }, 'demo step done');
  }
  return { ran };
}

function demoContext(opts: DemoOptions): DemoContext {
  const call: DemoContext['call'] = async (path, init = {}) =>
    opts.request(`${opts.publicUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  const x = createLocalXDriver(call);
  return {
    deps: opts.deps,
    agent: opts.deps.config.publicConfig.agentHandle.replace(/^@/, ''),
    call,
    x,
    botAnalysesKey: opts.botAnalysesKey,
    fund: createFunder(opts.deps, call, x),
    log: (message, details) => opts.deps.logger.info({ ...details, demo: true }, message),
  };
}
