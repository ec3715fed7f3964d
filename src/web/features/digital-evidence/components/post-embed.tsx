import { AlertTriangle } from 'lucide-react';
import type { EvidenceDetail } from '@/shared/evidence/contract';
import { PostText } from '@/web/components/post-text';
import { Card } from '@/web/components/ui/card';
import { useLivePost, useTweetStatus } from '@/web/features/digital-evidence/api/evidence-api';
import { dateTimeEnUs } from '@/web/lib/plain-format';

/**
 * The post embed: loading, live (rendered by us from /api/tweet/{id}, no third-party
 * script), or unavailable (deleted, private, restricted) showing the archived content.
 * Post text is always rendered as text, never as HTML.
 */
export function PostEmbed({ evidence }: { evidence: EvidenceDetail }) {
  const status = useTweetStatus(evidence.tweetId);
  const available = status.data?.available === true;
  const live = useLivePost(evidence.tweetId, available);

  if (status.isLoading || (available && live.isLoading)) {
    return <Card className="text-slate-400">Loading post…</Card>;
  }
  const post = live.data;
  if (available && post) {
    return (
      <Card className="flex flex-col gap-3" data-testid="live-post">
        <div className="flex items-center gap-3">
          {post.author?.profileImageUrl && (
            <img src={post.author.profileImageUrl} alt="" className="size-10 rounded-full" />
          )}
          <div className="flex flex-col">
            <span className="font-semibold text-slate-100">{post.author?.name ?? 'Unknown'}</span>
            {post.author && <span className="text-sm text-slate-400">@{post.author.username}</span>}
          </div>
        </div>
        <PostText as="p" className="wrap-anywhere whitespace-pre-wrap text-slate-100">
          {post.text}
        </PostText>
        {post.createdAt && (
          <time dateTime={post.createdAt} className="text-sm text-slate-400">
            {dateTimeEnUs(new Date(post.createdAt))}
          </time>
        )}
      </Card>
    );
  }
  return (
    <Card className="flex flex-col gap-3" data-testid="archived-post">
      <p className="flex items-center gap-2 font-semibold text-amber-400">
        <AlertTriangle className="size-4" aria-hidden="true" />
        Tweet Unavailable
      </p>
      <p className="text-sm text-slate-400">
        This post is deleted, private or restricted. Below is its archived content, fingerprinted
        before those restrictions.
      </p>
      <p className="wrap-anywhere whitespace-pre-wrap text-slate-100">{evidence.tweetContent}</p>
    </Card>
  );
}
