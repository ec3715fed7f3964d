import { Hono } from 'hono';
import { z } from 'zod';
import {
  activityCsv,
  confirmedUpTotal,
  decodeCursor,
  listActivity,
  recordDashboardVisit,
} from '@/core/activity/index.ts';
import { getWalletByUser } from '@/core/wallets/index.ts';
import {
  type ActivityPage,
  type ActivityTotal,
  activityKinds,
  type FirstVisit,
} from '@/shared/activity/contract.ts';
import { unitsToDecimal, unitsToNumber } from '@/shared/units.ts';
import type { ApiDeps } from '../deps.ts';
import { type AuthEnv, currentUser, loadSession, requireUser } from '../http/session.ts';
import { readQuery } from '../http/validate.ts';

const kind = z.enum(activityKinds).optional();
const pageQuery = z.object({
  kind,
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/**
 * The signed-in user's wallet history (core/activity): GET /api/activity (a keyset page),
 * GET /api/activity/total (the confirmed UP total at today's price, its own request so no page
 * waits for a sum over every row), GET /api/activity/export.csv (all of it), and
 * POST /api/activity/visit (the dashboard's greeting: first visit or welcome back).
 */
export function activityRoutes(deps: ApiDeps) {
  // As the receipts link it (routes/agent.ts): the agent's explorer setting, when it runs here.
  const explorerTxUrl = deps.agent?.config.explorerTxUrl ?? null;
  const walletOf = (xUserId: string) => getWalletByUser(deps, { xUserId });
  const usdOf = async (units: bigint) => {
    // The total is a courtesy: without a price the history still answers, saying so.
    const price = await deps.market.getUpPrice().catch(() => null);
    return price ? Math.round(unitsToNumber(units) * price.usd * 100) / 100 : null;
  };
  return new Hono<AuthEnv>()
    .use(loadSession(deps), requireUser)
    .get('/', async (c) => {
      const q = readQuery(c, pageQuery);
      const wallet = await walletOf(currentUser(c).xUserId);
      c.header('cache-control', 'no-store');
      if (!wallet) return c.json({ items: [], nextCursor: null } satisfies ActivityPage);
      const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
      const params = { walletId: wallet.id, kind: q.kind, cursor, limit: q.limit, explorerTxUrl };
      const page = await listActivity(deps.db, params);
      return c.json({ items: page.items, nextCursor: page.nextCursor } satisfies ActivityPage);
    })
    .get('/total', async (c) => {
      const q = readQuery(c, z.object({ kind }));
      const wallet = await walletOf(currentUser(c).xUserId);
      const net = wallet
        ? await confirmedUpTotal(deps.db, { walletId: wallet.id, kind: q.kind })
        : 0n;
      c.header('cache-control', 'no-store');
      return c.json({ net: unitsToDecimal(net), usd: await usdOf(net) } satisfies ActivityTotal);
    })
    .get('/export.csv', async (c) => {
      const q = readQuery(c, z.object({ kind }));
      const wallet = await walletOf(currentUser(c).xUserId);
      const day = deps.now().toISOString().slice(0, 10);
      c.header('content-type', 'text/csv; charset=utf-8');
      c.header('content-disposition', `attachment; filename="upsider-activity-${day}.csv"`);
      c.header('cache-control', 'no-store');
      const lines = activityCsv(deps.db, {
        walletId: wallet?.id ?? null,
        kind: q.kind,
        explorerTxUrl,
        publicUrl: deps.config.publicUrl,
      });
      return c.body(await csvStream(lines));
    })
    .post('/visit', async (c) => {
      const visit = await recordDashboardVisit(deps.db, {
        xUserId: currentUser(c).xUserId,
        now: deps.now(),
      });
      return c.json(visit satisfies FirstVisit);
    });
}

/**
 * The CSV as a byte stream, its first page read before the response starts (a failure there is
 * a JSON 500, not a 200). A failure later errors the stream, so the download fails instead of
 * ending short as if complete.
 */
async function csvStream(lines: AsyncGenerator<string>): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const header = await lines.next();
  const first = await lines.next();
  const head = `${header.value ?? ''}${first.value ?? ''}`;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
      if (first.done) controller.close();
    },
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
}
