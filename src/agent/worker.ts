import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { TokenCipher } from '../core/crypto/token-cipher.ts';
import type { Db } from '../db/client.ts';
import type { FetchFn } from '../integrations/x/http.ts';
import { XApiError, type XClient } from '../integrations/x/index.ts';
import { AgentNotConnectedError, getAgentAccess } from './account/agent-account.ts';
import type { AgentConfig } from './config.ts';
import type { EngineDeps } from './engine/engine-deps.ts';
import { processJob } from './engine/process-job.ts';
import { pollMentions } from './inbox/poll-mentions.ts';
import { nextReadDelayMs } from './inbox/read-pacing.ts';
import { retryDelayMs } from './jobs/backoff.ts';
import { claimInboxJobs } from './jobs/inbox-queue.ts';
import { queueRenewalReminders, queueRewardNotices } from './notices/queue-notices.ts';
import { X_POSTING_LIMITS } from './outbox/pacing.ts';
import { sendDueReplies } from './outbox/send-replies.ts';
import { createTimelineReader } from './outbox/x-timeline.ts';

export interface AgentWorkerDeps extends Omit<EngineDeps, 'config'> {
  config: AgentConfig;
  x: XClient;
  xApiUrl: string;
  cipher: TokenCipher;
  workerId?: string;
  xFetch?: FetchFn;
  /** Days before a plan ends that its holder is reminded on X (0: never). */
  renewalReminderDays: number;
}

/** Reward announcements and renewal reminders are looked for once a minute. */
const NOTICES_INTERVAL_MS = 60_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal.addEventListener('abort', onAbort, { once: true });
  });

/**
 * The agent worker: four loops sharing nothing but the database — read mentions into the
 * inbox, process inbox jobs, post replies from the outbox, queue unasked notices (rewards,
 * renewals). Any number of processes may run it
 * against one PostgreSQL database. `tick()` runs each step once (tests, benchmarks).
 */
export function createAgentWorker(deps: AgentWorkerDeps) {
  const workerId =
    deps.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const accountDeps = {
    db: deps.db,
    cipher: deps.cipher,
    x: deps.x,
    handle: deps.agentHandle,
    now: deps.now,
  };
  const access = (opts?: { force?: boolean }) => getAgentAccess(accountDeps, opts);
  const timeline = createTimelineReader(deps.xApiUrl, deps.xFetch);
  let agentUserId: string | null = null;

  const poll = () =>
    pollMentions({
      db: deps.db,
      x: deps.x,
      access,
      now: deps.now,
      firstReadWindowMs: deps.config.firstReadWindowMs,
      logger: deps.logger,
    });
  const processDue = async (limit = 10) => {
    if (!agentUserId)
      agentUserId = await access()
        .then((a) => a.xUserId)
        .catch(() => null);
    const jobs = await claimInboxJobs(deps.db, {
      workerId,
      limit,
      leaseMs: deps.config.leaseMs,
      now: deps.now(),
    });
    for (const job of jobs) await processJob({ ...deps, agentUserId }, job);
    return jobs.length;
  };
  const sendReplies = () =>
    sendDueReplies({
      db: deps.db as Db,
      logger: deps.logger,
      x: deps.x,
      timeline,
      access,
      now: deps.now,
      workerId,
      leaseMs: deps.config.leaseMs,
      limits: X_POSTING_LIMITS,
    });

  const noticeDeps = {
    db: deps.db as Db,
    now: deps.now,
    publicUrl: deps.publicUrl,
    agentHandle: deps.agentHandle,
  };
  const queueNotices = async () => ({
    rewards: await queueRewardNotices(noticeDeps),
    reminders: await queueRenewalReminders(noticeDeps, { days: deps.renewalReminderDays }),
  });

  const controller = new AbortController();
  const running: Promise<void>[] = [];

  /** Runs `step` forever; `step` returns how long to wait before the next run. */
  const loop = (name: string, step: () => Promise<number>) =>
    (async () => {
      let failures = 0;
      while (!controller.signal.aborted) {
        let wait: number;
        try {
          wait = await step();
          failures = 0;
        } catch (err) {
          failures++;
          const resetAt = err instanceof XApiError ? err.resetAt : null;
          wait = retryDelayMs(failures, { baseMs: 1000, maxMs: 60_000, resetAt, now: deps.now() });
          if (err instanceof AgentNotConnectedError) wait = Math.max(wait, 10_000);
          if (failures === 1 || failures % 20 === 0) {
            deps.logger.warn(
              { loop: name, failures, err: String(err), retryInMs: wait },
              'agent loop error',
            );
          }
        }
        await sleep(wait, controller.signal);
      }
    })();

  const idleMs = Math.min(500, deps.config.pollIntervalMs);
  return {
    workerId,
    access,
    async tick() {
      const polled = await poll();
      let processed = 0;
      for (let n = await processDue(); n > 0; n = await processDue()) processed += n;
      const replies = await sendReplies();
      return { stored: polled.stored, processed, sent: replies.sent };
    },
    processDue,
    sendReplies,
    queueNotices,
    poll,
    start() {
      running.push(
        loop('mentions', async () => {
          const r = await poll();
          return nextReadDelayMs({
            budget: r.budget,
            now: deps.now(),
            minMs: deps.config.pollIntervalMs,
          });
        }),
        loop('jobs', async () => ((await processDue()) > 0 ? 0 : idleMs)),
        loop('outbox', async () => {
          const r = await sendReplies();
          if (r.waitUntil) return Math.min(5000, r.waitUntil.getTime() - deps.now().getTime());
          return r.sent > 0 ? 0 : idleMs;
        }),
        loop('notices', async () => {
          await queueNotices();
          return NOTICES_INTERVAL_MS;
        }),
      );
      deps.logger.info({ workerId, handle: deps.agentHandle }, 'agent worker started');
    },
    async stop() {
      controller.abort();
      await Promise.all(running);
    },
  };
}

export type AgentWorker = ReturnType<typeof createAgentWorker>;
