import { Link } from 'wouter';
import { LinkedText } from '@/web/components/linked-text';
import { PostText } from '@/web/components/post-text';
import type { ConsoleMessage } from '../api/agent-api';
import { replyWithoutReceipt } from './reply-without-receipt';

/** The conversation, oldest first: the user's command, then the agent's answer. */
export function ConsoleThread({ messages }: { messages: ConsoleMessage[] }) {
  if (messages.length === 0) {
    return (
      <p className="text-sm text-slate-400">
        No messages yet. Try <span className="font-mono text-slate-200">balance</span> or{' '}
        <span className="font-mono text-slate-200">what's my address</span>.
      </p>
    );
  }
  return (
    <ol className="flex flex-col gap-4" aria-label="Conversation with the agent">
      {messages.map((m) => (
        <li key={m.id} className="flex flex-col gap-2">
          <PostText
            as="p"
            className="wrap-anywhere max-w-full self-end rounded-2xl rounded-br-sm bg-brand/20 px-4 py-2 text-slate-100"
          >
            {m.text}
          </PostText>
          <div className="max-w-full self-start rounded-2xl rounded-bl-sm bg-slate-800 px-4 py-2 text-slate-100">
            <PostText
              as="p"
              data-testid="agent-answer"
              className="wrap-anywhere whitespace-pre-wrap"
            >
              {m.reply ? (
                <LinkedText text={replyWithoutReceipt(m.reply, m.receiptId)} />
              ) : m.status === 'pending' ? (
                'Working on it…'
              ) : (
                'No answer'
              )}
            </PostText>
            <Link
              href={`/receipts/${m.receiptId}`}
              className="mt-1 inline-block text-xs text-slate-400 underline hover:text-brand"
            >
              Receipt
            </Link>
          </div>
        </li>
      ))}
    </ol>
  );
}
