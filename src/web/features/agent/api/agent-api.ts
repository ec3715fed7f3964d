import { useQuery } from '@tanstack/react-query';
import {
  agentStatusSchema,
  type ConsoleMessage,
  consoleHistorySchema,
  consoleReplySchema,
  receiptSchema,
} from '@/shared/agent/contract';
import { apiRequest, getJson, readServerErrorText } from '@/web/lib/api-client';

export type {
  AgentStatus,
  ConsoleMessage,
  Receipt,
  ReceiptVideo,
  VideoState,
} from '@/shared/agent/contract';

export const CONSOLE_KEY = '/api/agent/console';
export const STATUS_KEY = '/api/agent/status';
export const receiptKey = (id: string) => `/api/receipts/${encodeURIComponent(id)}`;

/** Sends one console command. `id` is made once per message, so a retry never runs it twice. */
export async function sendConsoleMessage(p: { id: string; text: string }): Promise<ConsoleMessage> {
  const res = await apiRequest('POST', CONSOLE_KEY, p);
  if (!res.ok) throw new Error((await readServerErrorText(res)) ?? 'The agent did not answer');
  return consoleReplySchema.parse(await res.json()).message;
}

/** The signed-in user's console history, newest first. */
export function useConsoleHistory() {
  return useQuery({
    queryKey: [CONSOLE_KEY],
    queryFn: ({ signal }) => getJson(CONSOLE_KEY, consoleHistorySchema, signal),
  });
}

/** The agent's public status, polled every 5 s. */
export function useAgentStatus() {
  return useQuery({
    queryKey: [STATUS_KEY],
    queryFn: ({ signal }) => getJson(STATUS_KEY, agentStatusSchema, signal),
    refetchInterval: 5000,
  });
}

/** A command's public receipt; a video in the making is followed until posted or failed. */
export function useReceipt(id: string) {
  return useQuery({
    queryKey: [receiptKey(id)],
    queryFn: ({ signal }) => getJson(receiptKey(id), receiptSchema, signal),
    retry: false,
    refetchInterval: (q) => {
      const state = q.state.data?.video?.state;
      if (state && state !== 'posted' && state !== 'failed') return 2000;
      // A reply still queued: its place in line moves as the outbox posts.
      return q.state.data?.reply.queue ? 30_000 : false;
    },
  });
}
