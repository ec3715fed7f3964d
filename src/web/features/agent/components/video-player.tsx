import { Play } from 'lucide-react';
import { useState } from 'react';

/**
 * A video behind a play button over its poster frame. Playing swaps in the <video>; if playback
 * fails (a network error, an unplayable file) the player goes back to the play button and says
 * so, ready for another try.
 */
export function VideoPlayer(p: { src: string; poster: string; label: string }) {
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  if (playing) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a generated promotion video with a quiet tone, no speech
      <video
        className="aspect-video w-full rounded-lg bg-black"
        src={p.src}
        poster={p.poster}
        controls
        autoPlay
        playsInline
        aria-label={p.label}
        data-testid="video-element"
        onError={() => {
          setPlaying(false);
          setFailed(true);
        }}
      />
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="group relative aspect-video w-full overflow-hidden rounded-lg bg-black"
        aria-label={`Play ${p.label}`}
        data-testid="video-play"
        onClick={() => {
          setFailed(false);
          setPlaying(true);
        }}
      >
        <img src={p.poster} alt="" className="h-full w-full object-cover opacity-80" />
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="rounded-full bg-brand/90 p-4 text-slate-950 group-hover:bg-brand">
            <Play className="h-8 w-8" aria-hidden="true" />
          </span>
        </span>
      </button>
      {failed && (
        <p role="alert" className="text-sm text-amber-400" data-testid="video-error">
          The video could not be played. Press play to try again.
        </p>
      )}
    </div>
  );
}
