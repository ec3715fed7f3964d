import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

const CONSOLE_URL = '/api/agent/console';
const STATUS_URL = '/api/agent/status';
const receiptUrl = (id: string) => `/api/receipts/${encodeURIComponent(id)}`;

/** Sends one console command. `id` is made once per message, so a retry never runs it twice. */
export async function sendConsoleMessage(p: { id: string; text: string }): Promise<ConsoleMessage> {
  const res = await apiRequest('POST', CONSOLE_URL, p);
  if (!res.ok) throw new Error((await readServerErrorText(res)) ?? 'The agent did not answer');
  return consoleReplySchema.parse(await res.json()).message;
}

/** The signed-in user's console history, newest first. */
export const consoleHistoryQueryOptions = () =>
  queryOptions({
    queryKey: [CONSOLE_URL],
    queryFn: ({ signal }) => getJson(CONSOLE_URL, consoleHistorySchema, signal),
  });

export function useConsoleHistory() {
  return useQuery(consoleHistoryQueryOptions());
}

/** Sends a command; its answer goes to the top of the history (once, even when retried). */
export function useSendConsoleMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendConsoleMessage,
    onSuccess: (message) => {
      queryClient.setQueryData(consoleHistoryQueryOptions().queryKey, (old) => ({
        messages: [message, ...(old?.messages ?? []).filter((m) => m.id !== message.id)],
      }));
    },
  });
}

/** The agent's public status, polled every 5 s. */
export const agentStatusQueryOptions = () =>
  queryOptions({
    queryKey: [STATUS_URL],
    queryFn: ({ signal }) => getJson(STATUS_URL, agentStatusSchema, signal),
    refetchInterval: 5000,
  });

export function useAgentStatus() {
  return useQuery(agentStatusQueryOptions());
}

/** A command's public receipt; a video in the making is followed until posted or failed. */
export const receiptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [receiptUrl(id)],
    queryFn: ({ signal }) => getJson(receiptUrl(id), receiptSchema, signal),
    retry: false,
    refetchInterval: (q) => {
      const state = q.state.data?.video?.state;
      if (state && state !== 'posted' && state !== 'failed') return 2000;
      // A reply still queued: its place in line moves as the outbox posts.
      return q.state.data?.reply.queue ? 30_000 : false;
    },
  });

export function useReceipt(id: string) {
  return useQuery(receiptQueryOptions(id));
}
