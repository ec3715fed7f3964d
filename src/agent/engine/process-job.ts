import { TransactionRollbackError } from 'drizzle-orm';
import { rememberXAccount } from '@/core/auth/remember-x-account.ts';
import { recordActivity } from '@/core/leaderboards/record-activity.ts';
import { stepAfterFailure } from '@/db/queue/index.ts';
import { XApiError } from '@/integrations/x/index.ts';
import { secondsSince, telemetry } from '@/shared/telemetry.ts';
import type { Command } from '../commands/grammar/types.ts';
import type { AgentContext } from '../context.ts';
import type { InboxPost } from '../inbox/normalize-post.ts';
import { finishInboxJob, type InboxRow, retryInboxJob } from '../jobs/inbox-queue.ts';
import { enqueueReply } from '../outbox/outbox-queue.ts';
import { replyPriority } from '../outbox/reply-priority.ts';
import { formatReply } from '../replies/format-reply.ts';
import { isGrantPost } from '../safety/grant-posts.ts';
import { recordUsageCap } from '../x-usage-cap.ts';
import { commandToJson } from './command-json.ts';
import { takeVersionTurn } from './edited-commands.ts';
import type { Outcome } from './outcome.ts';
import { repliesFirst } from './replies-first.ts';
import { runCommand } from './run-command.ts';

/** After this many failed attempts a job stops retrying and the author is told. */
export const MAX_JOB_ATTEMPTS = 12;

export interface ProcessDeps extends AgentContext {
  /** The agent's own X user id (its posts are never commands). */
  agentUserId: string | null;
}

/**
 * Processes one claimed inbox job: interpret → act → (one transaction) reply queued, activities
 * recorded, job done. Every effect is keyed by the command's id, its post's first version
 * (transfer idempotency key, outbox key, activity unique index), so running a job again after a
 * crash, or reading an edit of the post (a new post id on X), repeats nothing (decision 0042).
 */
export function processJob(deps: ProcessDeps, row: InboxRow): Promise<Outcome | null> {
  // Every log line of the job names its post; its duration counts on the inbox queue.
  return telemetry.withLogIds({ postId: row.postId }, async () => {
    const started = performance.now();
    const outcome = await processRow(deps, row);
    telemetry.job('agent_inbox', 'command', outcome ? 'done' : 'error', secondsSince(started));
    return outcome;
  });
}

async function processRow(deps: ProcessDeps, row: InboxRow): Promise<Outcome | null> {
  const post = row.post as InboxPost;
  let command: Command | null = null;
  let outcome: Outcome;
  try {
    // The console has no @mention: its messages are addressed to the agent by definition.
    const text = row.source === 'console' ? `@${deps.agentHandle} ${row.text}` : row.text;
    const read =
      row.source === 'x' && (await isGrantPost(deps.db, { ...row, id: row.postId }, deps.now()))
        ? ({ act: false, reason: 'grant_post' } as const)
        : deps.interpret(
            {
              id: row.postId,
              authorId: row.authorId,
              text,
              referencedTweets: post.referencedTweets,
              entities: row.source === 'console' ? null : post.entities,
            },
            { agentHandle: deps.agentHandle, agentUserId: deps.agentUserId ?? '' },
          );
    if (!read.act) {
      outcome = { kind: 'ignored', reason: read.reason };
    } else {
      command = read.command;
      // One version of an edited post acts on its command, keyed on the first version.
      const turn =
        row.source === 'x'
          ? await takeVersionTurn(deps.db, {
              postId: row.postId,
              firstVersionId: commandIdOf(row),
              now: deps.now(),
            })
          : ({ kind: 'run' } as const);
      const author = { xUserId: row.authorId, username: row.authorUsername ?? row.authorId };
      outcome =
        turn.kind === 'run'
          ? await runCommand(deps, {
              postId: commandIdOf(row),
              source: row.source,
              author,
              post,
              command,
            })
          : turn.outcome;
      // Posting as this X account proves they hold it, as a sign-in does: money held for them
      // stays theirs (decision 0048). After the command, which made their user row if new.
      if (turn.kind === 'run') await deps.wallets.claimedBy(author.xUserId);
    }
  } catch (err) {
    await failOrRetry(deps, row, err);
    return null;
  }
  await finish(deps, row, command, outcome, 'done');
  return outcome;
}

async function finish(
  deps: ProcessDeps,
  row: InboxRow,
  command: Command | null,
  outcome: Outcome,
  status: 'done' | 'failed',
  error?: string,
) {
  const now = deps.now();
  const commandId = commandIdOf(row);
  const replyText = formatReply(outcome, {
    publicUrl: deps.publicUrl,
    explorerTxUrl: deps.agent.explorerTxUrl,
    receiptId: row.postId,
    now,
  });
  // Retweets and the agent's own posts are not mentions by anyone.
  const ignoredReason = outcome.kind === 'ignored' ? outcome.reason : null;
  const isMention = ignoredReason !== 'retweet' && ignoredReason !== 'own_post';
  const premium = row.source === 'x' && replyText ? await repliesFirst(deps, row.authorId) : false;
  const committed = await deps.db
    .transaction(async (tx) => {
      if (row.source === 'x' && replyText) {
        // Keyed on the command, answering the version read (an edit's reply has its own key).
        const kind = outcome.kind === 'edit_not_rerun' ? 'edit' : 'reply';
        await enqueueReply(tx, {
          key: `${kind}:${commandId}`,
          postId: commandId,
          inReplyToId: row.postId,
          text: replyText,
          priority: replyPriority({ premium, kind: 'answer' }),
        });
      }
      if (row.source === 'x' && isMention) {
        // The boards show the author's handle even if the agent never made them a wallet.
        await rememberXAccount(tx, { xUserId: row.authorId, username: row.authorUsername });
        await recordActivity(tx, {
          userId: row.authorId,
          kind: 'mention',
          postId: commandId,
          at: now,
        });
      }
      if (outcome.kind === 'fingerprinted' && !outcome.existing) {
        await recordActivity(tx, {
          userId: row.authorId,
          kind: 'fingerprint',
          postId: commandId,
          at: now,
        });
      }
      if (outcome.kind === 'sent') {
        await recordActivity(tx, {
          userId: row.authorId,
          kind: 'send',
          postId: outcome.commandPostId,
          at: now,
        });
      }
      const held = await finishInboxJob(tx, row, {
        status,
        command: command ? commandToJson(command) : null,
        outcome,
        replyText,
        error,
        now,
      });
      // Our lease was taken over after a stall: the new holder writes this same reply and
      // activities (same keys), so nothing of ours may commit.
      if (!held) tx.rollback();
      return held;
    })
    .catch((err) => {
      if (err instanceof TransactionRollbackError) return false;
      throw err;
    });
  if (!committed)
    deps.logger.warn({ postId: row.postId }, 'inbox job taken over; not finished here');
}

/** What the row's command is keyed on: its post's first version (decision 0042). */
const commandIdOf = (row: InboxRow) => row.firstVersionId ?? row.postId;

async function failOrRetry(deps: ProcessDeps, row: InboxRow, err: unknown) {
  const message = err instanceof Error ? err.message : String(err);
  deps.logger.warn({ postId: row.postId, attempt: row.attempts, err: message }, 'agent job failed');
  const now = deps.now();
  const accountBlocked = err instanceof XApiError && err.accountBlocked;
  const step = stepAfterFailure(err, {
    attempts: row.attempts,
    maxAttempts: accountBlocked ? Number.POSITIVE_INFINITY : MAX_JOB_ATTEMPTS,
    now,
    backoff: {
      baseMs: 1000,
      maxMs: 2 * 60_000,
      resetAt: err instanceof XApiError ? await retryAfterOf(deps, err, now) : null,
    },
  });
  if (!step.retry) {
    const outcome: Outcome = {
      kind: 'rejected',
      reason: {
        code: 'transfer_failed',
        message: 'something went wrong on our side. Please try again later.',
      },
    };
    await finish(deps, row, null, outcome, 'failed', message);
    return;
  }
  // X refusing the whole account (usage cap, no credit) is not this job's failure: its try is
  // given back, so a long outage never runs a job out of attempts (nothing is lost).
  const refund = accountBlocked;
  if (!(await retryInboxJob(deps.db, row, { error: message, at: step.at, refund }))) {
    deps.logger.warn({ postId: row.postId }, 'inbox job taken over; not retried here');
  }
}

/** X's rate-limit reset, or when its usage cap lifts or credit is probed (the X loops pause till then). */
function retryAfterOf(deps: ProcessDeps, err: XApiError, now: Date) {
  return err.accountBlocked ? recordUsageCap(deps.db, err, now) : Promise.resolve(err.resetAt);
}
