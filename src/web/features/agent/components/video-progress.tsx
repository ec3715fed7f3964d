import type { ReceiptVideo, VideoState } from '@/web/features/agent/api/agent-api';
import { VideoPlayer } from './video-player';

const STEPS: VideoState[] = ['queued', 'rendering', 'uploading', 'posted'];
const LABEL: Record<VideoState, string> = {
  queued: 'Queued',
  rendering: 'Rendering',
  uploading: 'Uploading to X',
  posted: 'Posted',
  failed: 'Failed',
};

/** A promotion video on its receipt: the steps so far, then the player once it exists. */
export function VideoProgress({ video }: { video: ReceiptVideo }) {
  const reached = STEPS.indexOf(video.state);
  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-wrap gap-2 text-sm" aria-label="Video progress">
        {STEPS.map((step, i) => (
          <li
            key={step}
            className={
              video.state !== 'failed' && i <= reached ? 'text-emerald-400' : 'text-slate-500'
            }
            aria-current={step === video.state ? 'step' : undefined}
          >
            {i > 0 && <span aria-hidden="true">→ </span>}
            {LABEL[step]}
          </li>
        ))}
      </ol>
      <p className="text-sm text-slate-300" data-testid="video-state">
        {LABEL[video.state]}
        {video.failure && `: ${video.failure}`}
        {video.renderMs !== null &&
          video.bytes !== null &&
          ` · rendered in ${(video.renderMs / 1000).toFixed(1)} s, ${(video.bytes / 1024).toFixed(0)} KB`}
      </p>
      {video.videoUrl && video.posterUrl && video.state !== 'failed' && (
        <VideoPlayer
          src={video.videoUrl}
          poster={video.posterUrl}
          label={`promotion video of @${video.targetAuthor ?? 'unknown'}'s post`}
        />
      )}
    </div>
  );
}
