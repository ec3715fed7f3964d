import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegPaths } from './ffmpeg-binaries.ts';

export interface VideoProbe {
  durationSeconds: number;
  video: { codec: string; width: number; height: number; pixFmt: string } | null;
  audio: { codec: string } | null;
}

/** What ffprobe reads from an MP4 file (codecs, size, duration): the render's own check. */
export async function probeVideo(file: string): Promise<VideoProbe> {
  const { stdout } = await promisify(execFile)(ffmpegPaths().ffprobe, [
    '-v',
    'error',
    '-show_format',
    '-show_streams',
    '-of',
    'json',
    file,
  ]);
  const data = JSON.parse(stdout) as {
    format: { duration: string };
    streams: {
      codec_type: string;
      codec_name: string;
      width?: number;
      height?: number;
      pix_fmt?: string;
    }[];
  };
  const v = data.streams.find((s) => s.codec_type === 'video');
  const a = data.streams.find((s) => s.codec_type === 'audio');
  return {
    durationSeconds: Number(data.format.duration),
    video: v
      ? { codec: v.codec_name, width: v.width!, height: v.height!, pixFmt: v.pix_fmt ?? '' }
      : null,
    audio: a ? { codec: a.codec_name } : null,
  };
}
