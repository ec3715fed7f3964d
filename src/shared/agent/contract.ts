import { z } from 'zod';

/**
 * The agent's calls: the console (GET/POST /api/agent/console), its public status
 * (GET /api/agent/status) and a command's public receipt (GET /api/receipts/:id); built by the
 * routes as these types, parsed by the web hooks with these schemas.
 */
export const consoleMessageSchema = z.object({
  id: z.string(),
  receiptId: z.string(),
  text: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  reply: z.string().nullable(),
  createdAt: z.string(),
});
export type ConsoleMessage = z.infer<typeof consoleMessageSchema>;
export const consoleHistorySchema = z.object({ messages: z.array(consoleMessageSchema) });
export const consoleReplySchema = z.object({ message: consoleMessageSchema });

const age = z.number().nullable();
export const agentStatusSchema = z.object({
  handle: z.string(),
  paused: z.boolean(),
  /** running, throttled (until when) or stalled, with the ages that show it. */
  health: z.object({
    state: z.enum(['running', 'throttled', 'stalled']),
    reason: z.string(),
    until: z.string().nullable(),
    lastReadAgeSeconds: age,
    oldestUnansweredAgeSeconds: age,
  }),
  lastMention: z.object({
    id: z.string().nullable(),
    readAt: z.string().nullable(),
    lastPollAt: z.string().nullable(),
  }),
  push: z
    .object({
      since: z.string().nullable(),
      lastEventAt: z.string().nullable(),
      /** X holds the webhook invalid and re-validating it failed: nothing is pushed. */
      failure: z.object({ url: z.string(), detail: z.string(), at: z.string() }).nullable(),
    })
    .nullable(),
  inbox: z.object({ depth: z.number(), oldestAgeSeconds: age }),
  outbox: z.object({ depth: z.number(), oldestAgeSeconds: age }),
  rateLimits: z.object({
    mentions: z
      .object({ remaining: z.number(), limit: z.number(), resetAt: z.string() })
      .nullable(),
    posts: z.object({
      remaining: z.number(),
      limit: z.number(),
      blockedUntil: z.string().nullable(),
    }),
  }),
  network: z.object({ latestSnapshotOrdinal: z.string().nullable() }),
  checkedAt: z.string(),
});
export type AgentStatus = z.infer<typeof agentStatusSchema>;

export const VIDEO_STATES = ['queued', 'rendering', 'uploading', 'posted', 'failed'] as const;
export type VideoState = (typeof VIDEO_STATES)[number];

/** A promotion video's progress (`make a video of this`). */
export const receiptVideoSchema = z.object({
  state: z.enum(VIDEO_STATES),
  targetPostId: z.string(),
  targetAuthor: z.string().nullable(),
  /** The agent's post carrying the video on X, once posted. */
  postId: z.string().nullable(),
  videoUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  bytes: z.number().nullable(),
  renderMs: z.number().nullable(),
  charge: z.string().nullable(),
  failure: z.string().nullable(),
});
export type ReceiptVideo = z.infer<typeof receiptVideoSchema>;

export const receiptSchema = z.object({
  id: z.string(),
  /** done / refused / failed (with `reason`), or still pending. */
  result: z.enum(['pending', 'done', 'refused', 'failed']),
  reason: z.string().nullable(),
  /** When the author posted it. */
  postedAt: z.string(),
  source: z.enum(['x', 'console']),
  author: z.string().nullable(),
  text: z.string(),
  receivedAt: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  processedAt: z.string().nullable(),
  /** What the command did, by kind (the page reads only the kind). */
  outcome: z.object({ kind: z.string() }).nullable(),
  reply: z.object({
    text: z.string().nullable(),
    status: z.string().nullable(),
    postId: z.string().nullable(),
    sentAt: z.string().nullable(),
  }),
  transfer: z
    .object({
      state: z.string(),
      token: z.string(),
      amount: z.string().nullable(),
      fee: z.string().nullable(),
      /** What the sender paid the network on top (Constellation's fee-less limit); base units. */
      networkFee: z.string().optional(),
      toAddress: z.string(),
      error: z.string().nullable(),
    })
    .nullable(),
  transactions: z.array(
    z.object({
      kind: z.string(),
      hash: z.string(),
      token: z.string(),
      amount: z.string(),
      /** The network fee this transaction was signed with (base units). */
      networkFee: z.string().optional(),
      state: z.string(),
      explorerUrl: z.string().nullable(),
    }),
  ),
  /** Null for commands other than `make a video of this`. */
  video: receiptVideoSchema.nullable().optional(),
  /**
   * The paid use the command asked for (analysis, fingerprint, video): free inside a premium
   * allowance, or its exact price in base units (held, then paid; refused or released: none).
   */
  charge: z
    .object({
      item: z.enum(['token_analysis', 'digital_evidence', 'video']),
      state: z.enum(['free', 'held', 'paying', 'paid', 'refused', 'released']),
      price: z.string(),
    })
    .nullable()
    .optional(),
});
export type Receipt = z.infer<typeof receiptSchema>;
export type ConsoleHistory = z.infer<typeof consoleHistorySchema>;
export type ConsoleReply = z.infer<typeof consoleReplySchema>;
