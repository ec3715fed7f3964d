import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { TokenCipher } from '../core/crypto/token-cipher.ts';
import type { Db } from '../db/client.ts';
import { drainJobs } from '../db/queue/index.ts';
import type { LlmClient } from '../integrations/llm/index.ts';
import type { FetchFn } from '../integrations/x/http.ts';
import type { XClient } from '../integrations/x/index.ts';
import type { XAccessTier } from '../shared/x-access-tier.ts';
import { getAgentAccess, readAgentXUserId } from './account/agent-account.ts';
import { handleAnalysisJob } from './analyses/analysis-job.ts';
import type { AgentConfig } from './config.ts';
import type { EngineDeps } from './engine/engine-deps.ts';
import { ANALYSIS_JOB } from './engine/execute-analyze.ts';
import { PROMOTION_JOB } from './engine/execute-promote.ts';
import { processJob } from './engine/process-job.ts';
import {
  ensureMentionPush,
  MentionPushError,
  type MentionPushSettings,
} from './inbox/mention-push.ts';
import { pollMentions } from './inbox/poll-mentions.ts';
import {
  drainPushedMentions,
  handlePushedMentionJob,
  PUSHED_MENTION_JOB,
} from './inbox/pushed-mention-job.ts';
import { nextReadDelayMs } from './inbox/read-pacing.ts';
import { createAgentLoops } from './jobs/agent-loops.ts';
import { handBackLeases } from './jobs/hand-back.ts';
import { claimInboxJobs, hasDueInboxJobs, workThroughInboxJobs } from './jobs/inbox-queue.ts';
import { queueRenewalReminders, queueRewardNotices } from './notices/queue-notices.ts';
import { queuePostRewardNotices } from './notices/queue-post-reward-notices.ts';
import { queueUnclaimedReturnNotices } from './notices/queue-return-notices.ts';
import { COLD_AFTER_MS } from './outbox/fold-cold.ts';
import { sendDueReplies } from './outbox/send-replies.ts';
import { createTimelineReader } from './outbox/x-timeline.ts';
import { handlePromotionJob } from './promotions/promotion-job.ts';

export interface AgentWorkerDeps extends Omit<EngineDeps, 'config'> {
  config: AgentConfig;
  x: XClient;
  xApiUrl: string;
  /** What X lets the agent's account do: no quote posts on self-serve (decision 0043). */
  xAccessTier: XAccessTier;
  /** X's web (links to posts in promotion replies). */
  xWebUrl: string;
  cipher: TokenCipher;
  workerId?: string;
  xFetch?: FetchFn;
  /** The LLM for promotion lines (the template is used without one). */
  llm?: LlmClient | null;
  /** Runs due promotion-video jobs (render, upload, charge) once; how many ran. */
  drainVideos?: (workerId: string) => Promise<number>;
  /** Days before a plan ends that its holder is reminded on X (0: never). */
  renewalReminderDays: number;
  /** Where X should push mentions; null: polling only. */
  push?: MentionPushSettings | null;
  /** Queues and runs the daily quality-post rewards job (core/post-rewards); absent: off. */
  postRewards?: (p: { workerId: string }) => Promise<number>;
}

/** A working push subscription is checked again this often (X may drop a failing webhook). */
const PUSH_RECHECK_MS = 6 * 3_600_000;
/** A webhook X holds invalid is re-validated this often (polling reads meanwhile). */
const PUSH_FAILED_RETRY_MS = 5 * 60_000;

/** Reward announcements and renewal reminders are looked for once a minute. */
const NOTICES_INTERVAL_MS = 60_000;

/**
 * The agent worker: loops sharing nothing but the database — read mentions into the inbox
 * (X also pushes them to the webhook when `push` is set; polling then catches up), process
 * inbox jobs, run background jobs (analyses, promotions, videos), post replies from the outbox,
 * queue unasked notices (rewards, renewals). Any number of processes may run it
 * against one PostgreSQL database. `tick()` runs each step once (tests, benchmarks).
 */
/** Loops that call X: they pause while X's usage cap holds (agent-loops.ts). */
const X_LOOP = { callsX: true };

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
    await workThroughInboxJobs(deps.db, jobs, {
      leaseMs: deps.config.leaseMs,
      now: deps.now,
      run: (job) => processJob({ ...deps, agentUserId }, job),
    });
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
      limits: deps.config.postingLimits,
      accessTier: deps.xAccessTier,
      agentHandle: deps.agentHandle,
      cold: { publicUrl: deps.publicUrl, afterMs: COLD_AFTER_MS },
    });

  const pushedMentionDeps = {
    db: deps.db as Db,
    x: deps.x,
    now: deps.now,
    logger: deps.logger,
    access,
    agentHandle: deps.agentHandle,
    firstReadWindowMs: deps.config.firstReadWindowMs,
  };
  // Slow work (the LLM) runs here, off the mention loop: the inbox never waits on a model.
  // Pushed mentions too: a delivery whose process stopped before its lookup is run here.
  const backgroundHandlers = {
    [PUSHED_MENTION_JOB]: (job: Parameters<typeof handlePushedMentionJob>[1]) =>
      handlePushedMentionJob(pushedMentionDeps, job),
    [ANALYSIS_JOB]: (job: Parameters<typeof handleAnalysisJob>[1]) =>
      handleAnalysisJob(
        { db: deps.db, analyst: deps.analyst, publicUrl: deps.publicUrl, logger: deps.logger },
        job,
      ),
    [PROMOTION_JOB]: (job: Parameters<typeof handlePromotionJob>[1]) =>
      handlePromotionJob(
        {
          db: deps.db,
          x: deps.x,
          access,
          llm: deps.llm ?? null,
          agentHandle: deps.agentHandle,
          accessTier: deps.xAccessTier,
          xWebUrl: deps.xWebUrl,
          logger: deps.logger,
        },
        job,
      ),
  };
  // One job per call: the background loop checks the inbox between model calls.
  const drainBackground = (limit = 1) =>
    drainJobs(deps.db, {
      workerId,
      handlers: backgroundHandlers,
      limit,
      now: deps.now,
      leaseMs: deps.config.leaseMs,
      backoffMs: 2_000,
      maxBackoffMs: 60_000,
      onError: (job, err, willRetry) =>
        deps.logger.warn({ job: job.key, err: String(err), willRetry }, 'background job failed'),
    });
  const drainVideos = async () => (deps.drainVideos ? deps.drainVideos(workerId) : 0);

  const noticeDeps = {
    db: deps.db as Db,
    now: deps.now,
    publicUrl: deps.publicUrl,
    agentHandle: deps.agentHandle,
    accessTier: deps.xAccessTier,
  };
  const queueNotices = async () => ({
    rewards: await queueRewardNotices(noticeDeps),
    postRewards: await queuePostRewardNotices(noticeDeps),
    reminders: await queueRenewalReminders(noticeDeps, { days: deps.renewalReminderDays }),
    unclaimedReturns: await queueUnclaimedReturnNotices(noticeDeps),
    // Legacy handle wallets (decision 0048): none left after the first pass, then one query.
    handleWallets: await deps.wallets.migrateHandleWallets(),
  });

  const loops = createAgentLoops({ ...deps, db: deps.db as Db });
  /**
   * Sets up (or re-checks) X's push of mentions; false when X's webhook stays invalid, which is
   * logged and shown on /status. Other failures (X unreachable) throw for the loop's back-off.
   */
  const ensurePush = async () => {
    const push = deps.push;
    if (!push) return false;
    try {
      await ensureMentionPush({ db: deps.db as Db, x: deps.x, access, now: deps.now }, push);
      return true;
    } catch (err) {
      if (!(err instanceof MentionPushError)) throw err;
      deps.logger.error(
        { webhookId: err.webhookId, url: push.webhookUrl, detail: err.detail },
        `${err.message}; retrying in ${PUSH_FAILED_RETRY_MS / 60_000} min. Check that the URL is public (https, no port) and answers the CRC with the X app's consumer secret.`,
      );
      return false;
    }
  };

  const idleMs = Math.min(500, deps.config.pollIntervalMs);
  const INBOX_FIRST_WAIT_MS = 50;
  /** One step of the background loop; returns how long to wait before the next. */
  const backgroundStep = async () => {
    if (await hasDueInboxJobs(deps.db as Db, deps.now())) return INBOX_FIRST_WAIT_MS;
    return (await drainBackground()) > 0 ? 0 : idleMs;
  };
  return {
    workerId,
    access,
    async tick() {
      const polled = await poll();
      let processed = 0;
      for (let n = await processDue(); n > 0; n = await processDue()) processed += n;
      let background = 0;
      for (let n = await drainBackground(); n > 0; n = await drainBackground()) background += n;
      const videos = await drainVideos();
      const replies = await sendReplies();
      return { stored: polled.stored, processed, background, sent: replies.sent, videos };
    },
    processDue,
    drainBackground,
    /** The agent's X user id as stored (no call to X): the webhook's filter check. */
    agentUserId: () => readAgentXUserId(deps.db as Db, deps.agentHandle),
    /** Looks up the posts X's webhook named (run unawaited once the webhook has answered). */
    drainPushedMentions: () =>
      drainPushedMentions({ ...pushedMentionDeps, workerId, leaseMs: deps.config.leaseMs }),
    backgroundStep,
    drainVideos,
    sendReplies,
    queueNotices,
    ensurePush,
    runPostRewards: () => deps.postRewards?.({ workerId }) ?? Promise.resolve(0),
    poll,
    start() {
      loops.start(
        'mentions',
        async () => {
          const r = await poll();
          return nextReadDelayMs({
            budget: r.budget,
            now: deps.now(),
            minMs: deps.config.pollIntervalMs,
          });
        },
        X_LOOP,
      );
      loops.start('jobs', async () => ((await processDue()) > 0 ? 0 : idleMs));
      // Posts waiting to be read go first: model work resumes once the inbox is empty (or
      // leased by another worker), so a plain command never queues behind 50 analyses.
      loops.start('background', backgroundStep);
      loops.start(
        'outbox',
        async () => {
          const r = await sendReplies();
          if (r.waitUntil) return Math.min(5000, r.waitUntil.getTime() - deps.now().getTime());
          return r.sent > 0 ? 0 : idleMs;
        },
        X_LOOP,
      );
      // Renders take seconds of CPU: their own loop, so mentions and replies never wait on one.
      loops.start('videos', async () => ((await drainVideos()) > 0 ? 0 : idleMs), X_LOOP);
      loops.start('notices', async () => {
        await queueNotices();
        return NOTICES_INTERVAL_MS;
      });
      if (deps.push)
        loops.start(
          'push',
          async () => ((await ensurePush()) ? PUSH_RECHECK_MS : PUSH_FAILED_RETRY_MS),
          X_LOOP,
        );
      const postRewards = deps.postRewards;
      if (postRewards)
        loops.start(
          'post-rewards',
          async () => {
            await postRewards({ workerId });
            return NOTICES_INTERVAL_MS;
          },
          X_LOOP,
        );
      deps.logger.info({ workerId, handle: deps.agentHandle }, 'agent worker started');
    },
    /**
     * Stops claiming; waits for the steps in flight, at most `drainMs` when given, then gives
     * back whatever this worker still leases (a render or model call that outlived the bound)
     * so another worker takes it at once. Returns what was given back.
     */
    async stop(opts: { drainMs?: number } = {}) {
      const finished = await loops.stop(opts);
      if (finished) return { jobs: 0, inbox: 0, replies: 0 };
      const given = await handBackLeases(deps.db as Db, workerId);
      deps.logger.warn({ workerId, ...given }, 'stopped with work in flight: handed back');
      return given;
    },
  };
}

export type AgentWorker = ReturnType<typeof createAgentWorker>;
