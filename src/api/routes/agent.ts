import { Hono } from 'hono';
import { z } from 'zod';
import { AgentConnectError, completeAgentConnect } from '@/agent/account/connect.ts';
import type { AgentRuntime } from '@/agent/agent-for-api.ts';
import {
  ConsoleIdTaken,
  listConsoleHistory,
  runConsoleMessage,
} from '@/agent/console/console-message.ts';
import { getReceipt } from '@/agent/receipts/get-receipt.ts';
import { getAgentStatus } from '@/agent/status/get-status.ts';
import { hotWalletExcess } from '@/core/hot-wallets/index.ts';
import type {
  AgentStatus,
  ConsoleHistory,
  ConsoleReply,
  Receipt,
} from '@/shared/agent/contract.ts';
import { unitsToDecimal } from '@/shared/units.ts';
import type { ApiDeps } from '../deps.ts';
import { type CachedJson, createCachedJson } from '../http/cached-json.ts';
import { AppError, badRequest, conflict, notFound } from '../http/errors.ts';
import type { FastJsonRoutes } from '../http/fast-json.ts';
import { type AuthEnv, currentUser, loadSession, requireUser } from '../http/session.ts';
import { readJson, readQuery } from '../http/validate.ts';

const consoleBody = z.object({
  /** Made by the browser per message: a retry with the same id never runs twice. */
  id: z.uuid(),
  text: z.string().trim().min(1).max(280),
});
const callbackQuery = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(500).optional(),
  error: z.string().max(200).optional(),
});

const unavailable = () => new AppError(503, 'agent_unavailable', 'The agent is not running here');
const need = (agent: AgentRuntime | undefined) => {
  if (!agent) throw unavailable();
  return agent;
};

/** The agent's API: public status, the signed-in console, and the operator's OAuth callback. */
export function agentRoutes(deps: ApiDeps, polls?: FastJsonRoutes) {
  const app = new Hono<AuthEnv>();

  // Polled by every open /status page: served from a body computed in the background, made at
  // the first request (the agent runtime may be attached to deps after the routes are built).
  let status: CachedJson | undefined;
  app.get('/status', (c) => {
    const agent = need(deps.agent);
    if (!status) {
      status = agentStatusCache(deps, agent);
      polls?.add('/api/agent/status', status);
    }
    return status.respond(c);
  });

  app.get('/console', loadSession(deps), requireUser, async (c) => {
    const user = currentUser(c);
    const messages = await listConsoleHistory(deps.db, user.xUserId);
    return c.json({ messages } satisfies ConsoleHistory);
  });

  app.post('/console', loadSession(deps), requireUser, async (c) => {
    const agent = need(deps.agent);
    const user = currentUser(c);
    const body = await readJson(c, consoleBody);
    try {
      const entry = await runConsoleMessage(await agent.engine(), {
        messageId: body.id,
        user: { xUserId: user.xUserId, username: user.username },
        text: body.text,
      });
      return c.json({ message: entry } satisfies ConsoleReply);
    } catch (err) {
      if (err instanceof ConsoleIdTaken)
        throw conflict('That message id is already used', 'id_taken');
      throw err;
    }
  });

  app.get('/oauth/callback', async (c) => {
    const agent = need(deps.agent);
    const q = readQuery(c, callbackQuery);
    if (q.error || !q.code || !q.state)
      throw badRequest(`X did not authorize the agent (${q.error ?? 'no code'})`);
    try {
      const { handle } = await completeAgentConnect(agent.connect, {
        code: q.code,
        state: q.state,
      });
      return c.text(`The agent account @${handle} is connected. You can close this page.`);
    } catch (err) {
      if (err instanceof AgentConnectError) throw badRequest(err.message, 'agent_connect_failed');
      throw err;
    }
  });

  return app;
}

/** GET /api/receipts/:id — the public receipt of one command (post id or console-<uuid>). */
export function receiptRoutes(deps: ApiDeps) {
  return new Hono().get('/:id{[0-9]{1,19}|console-[0-9a-f-]{36}}', async (c) => {
    const receipt = await getReceipt(deps.db, c.req.param('id'), {
      explorerTxUrl: deps.agent?.config.explorerTxUrl ?? null,
      postingLimits: deps.agent?.config.postingLimits ?? null,
    });
    if (!receipt) throw notFound('No receipt for this post', 'receipt_not_found');
    return c.json(receipt satisfies Receipt);
  });
}

function agentStatusCache(deps: ApiDeps, agent: AgentRuntime) {
  return createCachedJson({
    name: 'agent status',
    logger: deps.logger,
    now: deps.now,
    // The body says when its content last changed; unchanged polls get 304.
    changedAtKey: 'checkedAt',
    // The cache adds `checkedAt` (when the content last changed); the rest is the contract.
    compute: async (): Promise<Omit<AgentStatus, 'checkedAt'>> => {
      const { checkedAt: _, ...rest } = await getAgentStatus(deps.db, {
        now: deps.now(),
        handle: agent.handle,
        configPaused: agent.config.paused,
        latestOrdinal: agent.latestOrdinal,
        postingLimits: agent.config.postingLimits,
      });
      return { ...rest, coldStorage: await coldStorageLines(deps) };
    },
  });
}

/** The system wallets above their hot-wallet ceiling; none when the network does not answer. */
async function coldStorageLines(deps: ApiDeps): Promise<NonNullable<AgentStatus['coldStorage']>> {
  if (!deps.config.hotWallets) return [];
  const wallets = await hotWalletExcess(deps, deps.config.hotWallets).catch(() => []);
  return wallets
    .filter((w) => w.excess > 0n)
    .map((w) => ({
      role: w.role,
      label: w.label,
      address: w.address,
      balanceUp: unitsToDecimal(w.balance),
      ceilingUp: unitsToDecimal(w.ceiling),
      excessUp: unitsToDecimal(w.excess),
    }));
}
