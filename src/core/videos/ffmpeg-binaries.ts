import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * ffmpeg and ffprobe ship inside npm packages (`@ffmpeg-installer/*`, `@ffprobe-installer/*`,
 * decision 0021), so `npm install` is the whole set-up. Their postinstall only sets the execute
 * bit, and npm's allow-scripts policy may skip it: we set it here when it is missing.
 */
function locate(pkg: string): string {
  const path = (require(pkg) as { path: string }).path;
  try {
    accessSync(path, constants.X_OK);
  } catch {
    chmodSync(path, statSync(path).mode | 0o111);
  }
  return path;
}

let paths: { ffmpeg: string; ffprobe: string } | null = null;

export function ffmpegPaths(): { ffmpeg: string; ffprobe: string } {
  paths ??= {
    ffmpeg: process.env.FFMPEG_PATH || locate('@ffmpeg-installer/ffmpeg'),
    ffprobe: process.env.FFPROBE_PATH || locate('@ffprobe-installer/ffprobe'),
  };
  return paths;
}
