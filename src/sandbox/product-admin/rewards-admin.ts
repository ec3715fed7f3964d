import { Hono } from 'hono';
import { z } from 'zod';
import {
  closeRewardMonth,
  monthKey,
  payRewardMonth,
  rewardSettings,
} from '@/core/rewards/index.ts';
import { monthKeySchema } from '@/shared/calendar-keys.ts';
import { guardSandboxService } from '../guard.ts';
import type { ProductAdminDeps } from './deps.ts';
import { sandboxPostRewardsAdmin } from './post-rewards-admin.ts';
import { sandboxProjectsAdmin } from './projects-admin.ts';

const body = z.object({ month: monthKeySchema.optional() });

/**
 * POST /sandbox/rewards/_admin/close-month {"month"?: "YYYY-MM"}: closes a month on demand
 * (default: the running one, on its activity so far) and pays it, as the month-end job would.
 * Sandbox mode only. Unlike a twin it drives product services (the layer check allows that for
 * sandbox/product-admin only, as for the demo).
 */
export function sandboxRewardsAdmin(deps: ProductAdminDeps) {
  const app = new Hono().post('/_admin/close-month', async (c) => {
    const parsed = body.safeParse(await c.req.json().catch(() => ({})));
    if (!parsed.success) {
      const why = parsed.error.issues[0]?.message ?? '';
      return c.json(
        { error: { code: 'invalid_request', message: `month must be YYYY-MM: ${why}` } },
        400,
      );
    }
    const month = parsed.data.month ?? monthKey(deps.now());
    const closed = await closeRewardMonth(deps, {
      month,
      settings: rewardSettings(deps.config),
      early: true,
    });
    await payRewardMonth(deps, { month });
    return c.json({ month, created: closed.created });
  });
  return {
    path: '/sandbox/rewards',
    app: guardSandboxService(app, { publicUrl: deps.config.publicUrl }),
  };
}

/**
 * Every HTTP mount of sandbox mode: the product-driving admin routes first, then the twins (and
 * `/sandbox` itself last). The server and the test harness both mount exactly this list.
 */
export function sandboxMounts(
  deps: ProductAdminDeps,
  sandbox: { mounts: { path: string; app: Hono }[] },
) {
  return [
    sandboxRewardsAdmin(deps),
    sandboxPostRewardsAdmin(deps),
    sandboxProjectsAdmin(deps),
    ...sandbox.mounts,
  ];
}
