import type { AgentContext } from '../context.ts';
import { ensureMentionPush, MentionPushError } from '../inbox/mention-push.ts';
import type { AgentLoop } from './loop.ts';

/** A working push subscription is checked again this often (X may drop a failing webhook). */
const PUSH_RECHECK_MS = 6 * 3_600_000;
/** A webhook X holds invalid is re-validated this often (polling reads meanwhile). */
const PUSH_FAILED_RETRY_MS = 5 * 60_000;

/** What reading a pushed mention's post takes (the webhook's job and its drain). */
export const pushedMentionDeps = (ctx: AgentContext) => ({
  db: ctx.db,
  x: ctx.x,
  now: ctx.now,
  logger: ctx.logger,
  access: ctx.access,
  agentHandle: ctx.agentHandle,
  firstReadWindowMs: ctx.agent.firstReadWindowMs,
});

/**
 * Sets up (or re-checks) X's push of mentions; false when X's webhook stays invalid, which is
 * logged and shown on /status. Other failures (X unreachable) throw for the loop's back-off.
 */
export async function ensurePush(ctx: AgentContext) {
  const push = ctx.push;
  if (!push) return false;
  try {
    await ensureMentionPush({ db: ctx.db, x: ctx.x, access: ctx.access, now: ctx.now }, push);
    return true;
  } catch (err) {
    if (!(err instanceof MentionPushError)) throw err;
    ctx.logger.error(
      { webhookId: err.webhookId, url: push.webhookUrl, detail: err.detail },
      `${err.message}; retrying in ${PUSH_FAILED_RETRY_MS / 60_000} min. Check that the URL is public (https, no port) and answers the CRC with the X app's consumer secret.`,
    );
    return false;
  }
}

export const pushLoop = (ctx: AgentContext): AgentLoop => ({
  name: 'push',
  usesX: true,
  step: async () => ((await ensurePush(ctx)) ? PUSH_RECHECK_MS : PUSH_FAILED_RETRY_MS),
});
