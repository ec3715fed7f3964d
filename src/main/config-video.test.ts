import { describe, expect, it } from 'vitest';
import { ffmpegPaths, setFfmpegBinaries } from '@/core/videos/ffmpeg-binaries.ts';
import { loadConfig } from './config.ts';

describe('ffmpeg binaries from configuration', () => {
  it('parses FFMPEG_PATH and FFPROBE_PATH in main; an empty one means npm’s binary', () => {
    expect(loadConfig({}).video.binaries).toEqual({});
    expect(loadConfig({ FFMPEG_PATH: '/usr/bin/ffmpeg', FFPROBE_PATH: '' }).video.binaries).toEqual(
      { ffmpeg: '/usr/bin/ffmpeg' },
    );
  });

  it('renders with the binary main names, and npm’s for the one it does not', () => {
    setFfmpegBinaries({ ffmpeg: '/opt/ffmpeg/bin/ffmpeg' });
    try {
      expect(ffmpegPaths().ffmpeg).toBe('/opt/ffmpeg/bin/ffmpeg');
      expect(ffmpegPaths().ffprobe).toMatch(/@ffprobe-installer/);
    } finally {
      setFfmpegBinaries({});
    }
    expect(ffmpegPaths().ffmpeg).toMatch(/@ffmpeg-installer/);
  });
});
