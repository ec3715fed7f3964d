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

/** Binaries named by configuration (FFMPEG_PATH, FFPROBE_PATH, parsed in main); unset: npm's. */
export interface FfmpegBinaries {
  ffmpeg?: string;
  ffprobe?: string;
}

let chosen: FfmpegBinaries = {};
let paths: { ffmpeg: string; ffprobe: string } | null = null;

/**
 * Main hands over the configured binaries once, when it builds a process's deps. A setting, not
 * a parameter of each render: the agent's video wiring calls renderVideo as it is (decision 0060).
 */
export function setFfmpegBinaries(binaries: FfmpegBinaries) {
  chosen = binaries;
  paths = null;
}

export function ffmpegPaths(): { ffmpeg: string; ffprobe: string } {
  paths ??= {
    ffmpeg: chosen.ffmpeg ?? locate('@ffmpeg-installer/ffmpeg'),
    ffprobe: chosen.ffprobe ?? locate('@ffprobe-installer/ffprobe'),
  };
  return paths;
}
