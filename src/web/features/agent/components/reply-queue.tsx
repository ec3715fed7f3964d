import { postUrl } from '@/shared/x-links';
import type { Receipt } from '@/web/features/agent/api/agent-api';
import { publicConfig } from '@/web/lib/public-config';
import { ordinal, waitWords } from './wait-words';

/**
 * Where a reply still to come stands (its place in the outbox's order and when X's posting
 * windows let it out), or the digest it was folded into (decision 0063): nobody left guessing.
 */
export function ReplyQueue({ reply, now }: { reply: Receipt['reply']; now: number }) {
  if (reply.folded) {
    const posted = reply.folded.postId;
    return (
      <p className="text-sm text-slate-300" data-testid="receipt-reply-folded">
        Answered in one digest reply listing your receipts: X limits how fast the agent may reply,
        and this conversation had gone cold.{' '}
        {posted ? (
          <a
            href={postUrl(publicConfig, publicConfig.agentHandle, posted)}
            className="text-brand underline"
          >
            The digest on X
          </a>
        ) : (
          'The digest is about to be posted.'
        )}
      </p>
    );
  }
  const q = reply.queue;
  if (!q) return null;
  const at = new Date(q.estimatedAt).getTime();
  return (
    <p className="text-sm text-slate-300" data-testid="receipt-reply-queue">
      Reply queued: {ordinal(q.place)} in line of {q.depth.toLocaleString('en-US')},{' '}
      {waitWords(at - now)}. X lets the agent post 100 replies per 15 minutes and 300 per 3 hours;
      money and Premium answers leave first.
      {at > new Date(q.coldAt).getTime() &&
        ' By then the conversation will have gone cold, so it will come in one digest reply listing all your receipts.'}
    </p>
  );
}
