import { z } from 'zod';
import type { FfmpegBinaries } from '@/core/videos/index.ts';

/** Environment of promotion-video rendering (in .env.example; decision 0021). */
export const videoEnvShape = {
  /** An ffmpeg of your own (e.g. Debian's /usr/bin/ffmpeg). Unset: the one npm installed. */
  FFMPEG_PATH: z.string().min(1).optional(),
  /** An ffprobe of your own. Unset: the one npm installed. */
  FFPROBE_PATH: z.string().min(1).optional(),
};

type VideoEnv = { FFMPEG_PATH?: string; FFPROBE_PATH?: string };

/** The binaries renders use; core/video locates npm's for what is not named here. */
export function videoConfig(env: VideoEnv): { binaries: FfmpegBinaries } {
  return {
    binaries: {
      ...(env.FFMPEG_PATH ? { ffmpeg: env.FFMPEG_PATH } : {}),
      ...(env.FFPROBE_PATH ? { ffprobe: env.FFPROBE_PATH } : {}),
    },
  };
}
