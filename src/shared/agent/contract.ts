import * as z from 'zod/mini';

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
  reply: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ConsoleMessage = z.infer<typeof consoleMessageSchema>;
export const consoleHistorySchema = z.object({ messages: z.array(consoleMessageSchema) });
export const consoleReplySchema = z.object({ message: consoleMessageSchema });

const age = z.nullable(z.number());
export const agentStatusSchema = z.object({
  handle: z.string(),
  paused: z.boolean(),
  /** running, throttled (until when), degraded (X failing now) or stalled, with the ages that show it. */
  health: z.object({
    state: z.enum(['running', 'throttled', 'degraded', 'stalled']),
    reason: z.string(),
    until: z.nullable(z.string()),
    /** The outside service failing the agent's calls (degraded), by name. */
    failing: z.optional(z.nullable(z.string())),
    lastReadAgeSeconds: age,
    oldestUnansweredAgeSeconds: age,
  }),
  lastMention: z.object({
    id: z.nullable(z.string()),
    readAt: z.nullable(z.string()),
    lastPollAt: z.nullable(z.string()),
  }),
  push: z.nullable(
    z.object({
      since: z.nullable(z.string()),
      lastEventAt: z.nullable(z.string()),
      /** X holds the webhook invalid and re-validating it failed: nothing is pushed. */
      failure: z.nullable(z.object({ url: z.string(), detail: z.string(), at: z.string() })),
    }),
  ),
  inbox: z.object({ depth: z.number(), oldestAgeSeconds: age }),
  outbox: z.object({
    depth: z.number(),
    oldestAgeSeconds: age,
    /** When the last reply queued now should be posted at X's pace (null: nothing queued). */
    drainEstimateAt: z.nullable(z.string()),
  }),
  rateLimits: z.object({
    mentions: z.nullable(
      z.object({ remaining: z.number(), limit: z.number(), resetAt: z.string() }),
    ),
    posts: z.object({
      remaining: z.number(),
      limit: z.number(),
      blockedUntil: z.nullable(z.string()),
      /** X's second posting window: 300 per 3 hours (null when not paced). */
      threeHours: z.optional(z.nullable(z.object({ remaining: z.number(), limit: z.number() }))),
    }),
  }),
  /**
   * What the agent spent on X today (UTC), in USD at X's prices; the daily budget
   * (X_DAILY_BUDGET_USD, null: none) and, once reached, when replies go out again.
   */
  xSpend: z.optional(
    z.object({
      todayUsd: z.string(),
      budgetUsd: z.nullable(z.string()),
      budgetReachedUntil: z.nullable(z.string()),
    }),
  ),
  network: z.object({ latestSnapshotOrdinal: z.nullable(z.string()) }),
  /**
   * System wallets above their hot-wallet ceiling (decision 0047): the operator moves `excessUp`
   * (whole UP, exact) to cold storage. Empty when every wallet is under its ceiling.
   */
  coldStorage: z.optional(
    z.array(
      z.object({
        role: z.string(),
        label: z.string(),
        address: z.string(),
        balanceUp: z.string(),
        ceilingUp: z.string(),
        excessUp: z.string(),
      }),
    ),
  ),
  checkedAt: z.string(),
});
export type AgentStatus = z.infer<typeof agentStatusSchema>;

export const VIDEO_STATES = ['queued', 'rendering', 'uploading', 'posted', 'failed'] as const;
export type VideoState = (typeof VIDEO_STATES)[number];

/** A promotion video's progress (`make a video of this`). */
export const receiptVideoSchema = z.object({
  state: z.enum(VIDEO_STATES),
  targetPostId: z.string(),
  targetAuthor: z.nullable(z.string()),
  /** The agent's post carrying the video on X, once posted. */
  postId: z.nullable(z.string()),
  videoUrl: z.nullable(z.string()),
  posterUrl: z.nullable(z.string()),
  bytes: z.nullable(z.number()),
  renderMs: z.nullable(z.number()),
  charge: z.nullable(z.string()),
  failure: z.nullable(z.string()),
});
export type ReceiptVideo = z.infer<typeof receiptVideoSchema>;

/** One side of a send: the X handle where there is one, and the DAG address. */
const partySchema = z.object({ handle: z.nullable(z.string()), address: z.string() });

export const receiptSchema = z.object({
  id: z.string(),
  /** done / refused / failed (with `reason`), or still pending. */
  result: z.enum(['pending', 'done', 'refused', 'failed']),
  reason: z.nullable(z.string()),
  /** When the author posted it. */
  postedAt: z.string(),
  source: z.enum(['x', 'console']),
  author: z.nullable(z.string()),
  text: z.string(),
  receivedAt: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  processedAt: z.nullable(z.string()),
  /** What the command did, by kind (the page reads only the kind). */
  outcome: z.nullable(z.object({ kind: z.string() })),
  reply: z.object({
    text: z.nullable(z.string()),
    status: z.nullable(z.string()),
    postId: z.nullable(z.string()),
    sentAt: z.nullable(z.string()),
    /** A queued reply's place in the outbox's order and when X's windows let it out. */
    queue: z.nullable(
      z.object({
        place: z.number(),
        depth: z.number(),
        estimatedAt: z.string(),
        coldAt: z.string(),
      }),
    ),
    /** Folded into one digest reply per author (decision 0063): that digest's state. */
    folded: z.nullable(z.object({ status: z.string(), postId: z.nullable(z.string()) })),
  }),
  transfer: z.nullable(
    z.object({
      state: z.string(),
      token: z.string(),
      amount: z.nullable(z.string()),
      fee: z.nullable(z.string()),
      /** What the sender paid the network on top (Constellation's fee-less limit); base units. */
      networkFee: z.optional(z.string()),
      /** amount + fee + network fee: what left the sender's wallet (null until planned). */
      total: z.optional(z.nullable(z.string())),
      from: z.optional(partySchema),
      to: z.optional(partySchema),
      toAddress: z.string(),
      error: z.nullable(z.string()),
      createdAt: z.optional(z.string()),
      confirmedAt: z.optional(z.nullable(z.string())),
    }),
  ),
  transactions: z.array(
    z.object({
      kind: z.string(),
      hash: z.string(),
      token: z.string(),
      amount: z.string(),
      /** The network fee this transaction was signed with (base units). */
      networkFee: z.optional(z.string()),
      state: z.string(),
      /** The global snapshot that confirmed it (a string: ordinals outgrow a JS number). */
      snapshotOrdinal: z.optional(z.nullable(z.string())),
      explorerUrl: z.nullable(z.string()),
    }),
  ),
  /** Null for commands other than `make a video of this`. */
  video: z.optional(z.nullable(receiptVideoSchema)),
  /**
   * A send to an X account that never signed in (decision 0048): held until they sign in, or
   * returned in full to the sender after `returnAfter`.
   */
  unclaimed: z.optional(
    z.nullable(
      z.object({
        state: z.enum(['held', 'claimed', 'returning', 'returned', 'return_failed']),
        recipient: z.nullable(z.string()),
        returnAfter: z.string(),
        settledAt: z.nullable(z.string()),
        error: z.nullable(z.string()),
      }),
    ),
  ),
  /**
   * The paid use the command asked for (analysis, fingerprint, video): free inside a premium
   * allowance, or its exact price in base units (held, then paid; refused or released: none).
   */
  charge: z.optional(
    z.nullable(
      z.object({
        item: z.enum(['token_analysis', 'digital_evidence', 'video']),
        state: z.enum(['free', 'held', 'paying', 'paid', 'refused', 'released']),
        price: z.string(),
      }),
    ),
  ),
});
export type Receipt = z.infer<typeof receiptSchema>;
export type ConsoleHistory = z.infer<typeof consoleHistorySchema>;
export type ConsoleReply = z.infer<typeof consoleReplySchema>;
