import { History } from 'lucide-react';
import { formatLongDateTime } from '@/shared/format';
import { postUrl } from '@/shared/x-links';
import { ExternalTextLink } from '@/web/components/external-text-link';
import { SectionCard } from '@/web/components/ui/section-card';
import { publicConfig } from '@/web/lib/public-config';
import { usePostLog } from '../api/get-post-log';

const RESULT_STYLES: Record<string, string> = {
  posted: 'bg-emerald-500/15 text-emerald-300',
  failed: 'bg-red-500/15 text-red-300',
  pending: 'bg-slate-700/60 text-slate-200',
};

/** Every post an outside project made, or tried to make, for the user: newest first. */
export function PostLogCard({ username }: { username: string }) {
  const log = usePostLog();
  const entries = log.data ?? [];
  return (
    <SectionCard title="Posts Made for You" icon={History}>
      {log.isLoading ? (
        <p className="text-sm text-slate-400">Loading posts...</p>
      ) : log.isError ? (
        <p className="text-sm text-red-300">The post log could not be loaded.</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-slate-300">No outside project has posted for you yet.</p>
      ) : (
        <ol className="flex max-h-96 flex-col gap-3 overflow-y-auto pr-1">
          {entries.map((e) => (
            <li
              key={e.id}
              className="rounded-lg border border-slate-800 bg-slate-950/40 px-3 py-2 text-sm"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium text-slate-100">{e.projectName}</span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${RESULT_STYLES[e.result] ?? RESULT_STYLES.pending}`}
                >
                  {e.result}
                </span>
                {e.createdAt && (
                  <time dateTime={e.createdAt} className="text-xs text-slate-400">
                    {formatLongDateTime(e.createdAt)}
                  </time>
                )}
              </div>
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-200">{e.text}</p>
              {e.error && <p className="mt-1 text-xs text-red-300">{e.error}</p>}
              {e.postId && (
                <ExternalTextLink href={postUrl(publicConfig, username, e.postId)} className="mt-1">
                  View on X
                </ExternalTextLink>
              )}
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
