import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import {
  agentInbox,
  allowanceCharges,
  transfers,
  transferTransactions,
} from '@/db/schema/index.ts';
import type { Outcome } from '../engine/outcome.ts';
import type { InboxPost } from '../inbox/normalize-post.ts';
import type { PostingLimits } from '../outbox/pacing.ts';
import { receiptResult } from './receipt-result.ts';
import { getReplyLine } from './reply-line.ts';
import { getTransferLine } from './transfer-line.ts';
import { getUnclaimedLine } from './unclaimed-line.ts';
import { getVideoProgress } from './video-progress.ts';

/**
 * The public receipt of one command: what was asked, what the agent understood and did, its
 * reply, and the network transactions with their status. Null for posts the agent ignored.
 */
export async function getReceipt(
  db: Db,
  receiptId: string,
  /** Explorer page of a transaction (hash appended), so every hash on the receipt is a link. */
  opts: {
    explorerTxUrl: string | null;
    /** The outbox's pacing, for a queued reply's place and estimate (null: not shown). */
    postingLimits?: PostingLimits | null;
    now?: Date;
  } = { explorerTxUrl: null },
) {
  const [row] = await db.select().from(agentInbox).where(eq(agentInbox.postId, receiptId));
  if (!row) return null;
  const outcome = row.outcome as Outcome | null;
  if (outcome?.kind === 'ignored') return null;

  // Effects are keyed on the command: its post's first version (decision 0042). An edit that
  // was not run shows only its own reply; the version that acted has the transfer and charges.
  const commandId = row.firstVersionId ?? row.postId;
  const edit = outcome?.kind === 'edit_not_rerun' || outcome?.kind === 'edit_superseded';
  // A video request's one reply is the video post (or why none came), queued by its render job.
  const replyKey = edit
    ? outcome.kind === 'edit_not_rerun' && outcome.answered
      ? `edit:${commandId}`
      : null
    : `${outcome?.kind === 'video_queued' ? 'video' : 'reply'}:${commandId}`;
  // A send's transfer is keyed by the post that asked for it (the preview's post for a confirm).
  const transferKey = outcome?.kind === 'sent' ? outcome.commandPostId : commandId;
  // A subscription's payment is the transfer its outcome names (the purchase keys its own).
  const [transfer] = edit
    ? []
    : await db
        .select()
        .from(transfers)
        .where(
          outcome?.kind === 'subscribed'
            ? eq(transfers.id, outcome.transferId)
            : eq(transfers.idempotencyKey, transferKey),
        );
  const transactions = transfer
    ? await db
        .select({
          kind: transferTransactions.kind,
          hash: transferTransactions.hash,
          token: transferTransactions.token,
          amount: transferTransactions.amount,
          networkFee: sql<string>`coalesce(${transferTransactions.signed}->'value'->>'fee', '0')`,
          state: transferTransactions.state,
          snapshotOrdinal: transferTransactions.snapshotOrdinal,
        })
        .from(transferTransactions)
        .where(eq(transferTransactions.transferId, transfer.id))
        .orderBy(asc(transferTransactions.seq))
    : [];

  const unclaimed = transfer ? await getUnclaimedLine(db, transfer.id) : null;
  const video = outcome?.kind === 'video_queued' ? await getVideoProgress(db, commandId) : null;
  // The paid use this post asked for (analysis, fingerprint, video: the allowance service's keys).
  const [charge] = edit
    ? []
    : await db
        .select({
          item: allowanceCharges.item,
          state: allowanceCharges.state,
          price: allowanceCharges.price,
          refusalMessage: allowanceCharges.refusalMessage,
        })
        .from(allowanceCharges)
        .where(inArray(allowanceCharges.idempotencyKey, paidUseKeys(commandId)));
  const postedAt = (row.post as Partial<InboxPost>).createdAt ?? row.receivedAt.toISOString();
  const reply = await getReplyLine(db, replyKey, {
    postedAt,
    limits: opts.postingLimits ?? null,
    now: opts.now ?? new Date(),
  });
  const result = receiptResult({
    status: row.status,
    outcome,
    transfer: transfer ? { state: transfer.state, error: transfer.errorMessage } : null,
    charge: charge ?? null,
    video: video ? { state: video.state, failure: video.failure } : null,
  });
  return {
    id: row.postId,
    ...result,
    source: row.source,
    author: row.authorUsername,
    text: row.text,
    receivedAt: row.receivedAt.toISOString(),
    /** When the author posted it (X's created_at); when it was read for console messages. */
    postedAt,
    status: row.status,
    processedAt: row.processedAt?.toISOString() ?? null,
    command: row.command,
    outcome,
    /** A promotion video's progress (the video_queued outcome), with its player URLs. */
    video,
    /** What the paid work cost: its exact price in base units, or the premium allowance. */
    charge: charge
      ? { item: charge.item, state: charge.state, price: charge.price.toString() }
      : null,
    reply: {
      // Analyses, promotions and videos post from their background job under the same outbox key.
      text: row.replyText ?? reply?.text ?? null,
      status: row.source === 'console' ? 'shown' : (reply?.status ?? null),
      postId: reply?.sentPostId ?? null,
      sentAt: reply?.sentAt ?? null,
      queue: reply?.queue ?? null,
      folded: reply?.folded ?? null,
    },
    transfer: transfer
      ? await getTransferLine(
          db,
          transfer,
          transactions.reduce((sum, t) => sum + BigInt(t.networkFee), 0n),
        )
      : null,
    /** A send to someone who never signed in: held until they do, or returned (0048). */
    unclaimed,
    transactions: transactions.map((t) => ({
      ...t,
      amount: t.amount.toString(),
      explorerUrl: opts.explorerTxUrl ? `${opts.explorerTxUrl}${t.hash}` : null,
      snapshotOrdinal: t.snapshotOrdinal?.toString() ?? null,
    })),
  };
}

/** The keys under which a post's paid use is charged (src/core/allowances, `charge:<use>`). */
const paidUseKeys = (postId: string) =>
  ['analysis', 'evidence', 'video'].map((use) => `charge:${use}:${postId}`);

export type Receipt = NonNullable<Awaited<ReturnType<typeof getReceipt>>>;
