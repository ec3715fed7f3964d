import { apiRequest, readServerErrorText } from '@/web/lib/api-client';

export interface ConsoleMessage {
  id: string;
  receiptId: string;
  text: string;
  status: 'pending' | 'done' | 'failed';
  reply: string | null;
  createdAt: string;
}

export interface AgentStatus {
  handle: string;
  paused: boolean;
  /** running, throttled (until when) or stalled, with the ages that show it. */
  health: {
    state: 'running' | 'throttled' | 'stalled';
    reason: string;
    until: string | null;
    lastReadAgeSeconds: number | null;
    oldestUnansweredAgeSeconds: number | null;
  };
  lastMention: { id: string | null; readAt: string | null; lastPollAt: string | null };
  inbox: { depth: number; oldestAgeSeconds: number | null };
  outbox: { depth: number; oldestAgeSeconds: number | null };
  rateLimits: {
    mentions: { remaining: number; limit: number; resetAt: string } | null;
    posts: { remaining: number; limit: number; blockedUntil: string | null };
  };
  network: { latestSnapshotOrdinal: string | null };
  checkedAt: string;
}

export interface Receipt {
  id: string;
  /** done / refused / failed (with `reason`), or still pending. */
  result: 'pending' | 'done' | 'refused' | 'failed';
  reason: string | null;
  /** When the author posted it. */
  postedAt: string;
  source: 'x' | 'console';
  author: string | null;
  text: string;
  receivedAt: string;
  status: 'pending' | 'done' | 'failed';
  processedAt: string | null;
  outcome: { kind: string } | null;
  reply: {
    text: string | null;
    status: string | null;
    postId: string | null;
    sentAt: string | null;
  };
  transfer: {
    state: string;
    token: string;
    amount: string | null;
    fee: string | null;
    toAddress: string;
    error: string | null;
  } | null;
  transactions: {
    kind: string;
    hash: string;
    token: string;
    amount: string;
    state: string;
    explorerUrl: string | null;
  }[];
}

export const CONSOLE_KEY = '/api/agent/console';
export const STATUS_KEY = '/api/agent/status';
export const receiptKey = (id: string) => `/api/receipts/${encodeURIComponent(id)}`;

/** Sends one console command. `id` is made once per message, so a retry never runs it twice. */
export async function sendConsoleMessage(p: { id: string; text: string }): Promise<ConsoleMessage> {
  const res = await apiRequest('POST', CONSOLE_KEY, p);
  if (!res.ok) throw new Error((await readServerErrorText(res)) ?? 'The agent did not answer');
  return ((await res.json()) as { message: ConsoleMessage }).message;
}
