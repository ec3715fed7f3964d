import { Film } from 'lucide-react';
import { Link } from 'wouter';
import { SectionCard } from '@/web/components/ui/section-card';
import { useMyVideos } from '@/web/features/dashboard/api/get-my-videos';
import { publicConfig } from '@/web/lib/public-config';

const STATE: Record<string, string> = {
  queued: 'Queued',
  rendering: 'Rendering',
  uploading: 'Uploading',
  posted: 'Posted',
  failed: 'Failed',
};

/** The user's promotion videos, each linking to its receipt (progress and player). */
export function MyVideosCard() {
  const videos = useMyVideos();
  const list = videos.data?.videos ?? [];
  return (
    <SectionCard title="My Videos" icon={Film}>
      {list.length === 0 ? (
        <p className="text-sm text-slate-300">
          {videos.isLoading
            ? 'Loading…'
            : `No videos yet. Reply to a post with "@${publicConfig.agentHandle} make a video of this".`}
        </p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm" data-testid="my-videos">
          {list.map((v) => (
            <li key={v.requestPostId} className="flex justify-between gap-2">
              <Link href={v.receiptUrl} className="text-brand underline hover:text-slate-50">
                {v.targetAuthor ? `@${v.targetAuthor}'s post` : 'A post'}
              </Link>
              <span className="text-slate-400">{STATE[v.state] ?? v.state}</span>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
