import { Hono } from 'hono';
import { z } from 'zod';
import {
  dayKey,
  enqueuePostRewardsDay,
  POST_REWARDS_JOB,
  postRewardSettings,
  postRewardsHandler,
} from '@/core/post-rewards/index.ts';
import { drainJobs, getJobByKey } from '@/db/queue/index.ts';
import { dayKeySchema } from '@/shared/calendar-keys.ts';
import { guardSandboxService } from '../guard.ts';
import type { ProductAdminDeps } from './deps.ts';

const body = z.object({ day: dayKeySchema.optional() });

/**
 * POST /sandbox/post-rewards/_admin/score-day {"day"?: "YYYY-MM-DD"}: runs the day's
 * quality-post rewards job now (default: today, on its posts so far) through the same durable
 * job as the daily run, so the day is still scored and paid once, then queues the agent's replies
 * to the rewarded posts. Sandbox mode only.
 */
export function sandboxPostRewardsAdmin(deps: ProductAdminDeps) {
  const app = new Hono().post('/_admin/score-day', async (c) => {
    const parsed = body.safeParse(await c.req.json().catch(() => ({})));
    if (!parsed.success) {
      const why = parsed.error.issues[0]?.message ?? '';
      const message = `day must be YYYY-MM-DD: ${why}`;
      return c.json({ error: { code: 'invalid_request', message } }, 400);
    }
    const agent = deps.agent;
    if (!agent) return c.json({ error: { code: 'agent_not_running', message: 'No agent' } }, 409);
    const day = parsed.data.day ?? dayKey(deps.now());
    await enqueuePostRewardsDay(deps, { day, runAt: deps.now() });
    const handler = postRewardsHandler(
      { ...deps, llm: deps.llm ?? null },
      { settings: postRewardSettings(deps.config), access: () => agent.worker.access() },
    );
    await drainJobs(deps.db, {
      workerId: 'sandbox-admin',
      handlers: { [POST_REWARDS_JOB]: handler },
      now: deps.now,
      limit: 1,
    });
    // Announce now rather than at the notices loop's next minute.
    await agent.worker.queueNotices();
    const job = await getJobByKey(deps.db, `post-rewards:${day}`);
    return c.json({ day, status: job?.status ?? null, result: job?.result ?? null });
  });
  return {
    path: '/sandbox/post-rewards',
    app: guardSandboxService(app, { publicUrl: deps.config.publicUrl }),
  };
}
