import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { secondsSince, telemetry } from '@/shared/telemetry.ts';
import type { VideoPost } from './draw-scenes.ts';
import { ffmpegPaths } from './ffmpeg-binaries.ts';

/** Seconds each still is shown: brand, post, call to action (10 s in all). */
export const SCENE_SECONDS = [2.5, 5, 2.5] as const;
export const VIDEO_SECONDS = SCENE_SECONDS.reduce((a, b) => a + b, 0);

export class RenderTimeoutError extends Error {
  constructor(readonly limitMs: number) {
    super(`video render took longer than ${limitMs} ms and was stopped`);
    this.name = 'RenderTimeoutError';
  }
}

export interface RenderedVideo {
  mp4: Buffer;
  /** The post still, shown by players before playback. */
  poster: Buffer;
  renderMs: number;
}

/**
 * Renders a promotion video of one post: three stills drawn with @napi-rs/canvas, encoded by
 * ffmpeg as H.264 (yuv420p, faststart) with a quiet AAC tone, 1280×720, 10 s. ffmpeg is killed
 * at `timeLimitMs`, so a stuck encode never holds a worker.
 */
export async function renderVideo(
  post: VideoPost,
  opts: { timeLimitMs: number; now?: () => number },
): Promise<RenderedVideo> {
  const started = performance.now();
  try {
    const video = await render(post, opts);
    telemetry.videoRender('ok', secondsSince(started));
    return video;
  } catch (err) {
    telemetry.videoRender(
      err instanceof RenderTimeoutError ? 'timeout' : 'error',
      secondsSince(started),
    );
    throw err;
  }
}

async function render(
  post: VideoPost,
  opts: { timeLimitMs: number; now?: () => number },
): Promise<RenderedVideo> {
  const clock = opts.now ?? Date.now;
  const started = clock();
  // Loaded on the first render: the canvas library costs the server's start ~0.4 s (decision 0025).
  const { drawScenes } = await import('./draw-scenes.ts');
  const scenes = drawScenes(post);
  const dir = await mkdtemp(path.join(tmpdir(), 'upsider-video-'));
  try {
    const names = ['intro', 'post', 'outro'] as const;
    await Promise.all(names.map((n) => writeFile(path.join(dir, `${n}.png`), scenes[n])));
    const out = path.join(dir, 'video.mp4');
    const total = VIDEO_SECONDS;
    const inputs = names.flatMap((n, i) => [
      '-loop',
      '1',
      '-framerate',
      '25',
      '-t',
      String(SCENE_SECONDS[i]),
      '-i',
      path.join(dir, `${n}.png`),
    ]);
    const filter =
      '[0:v][1:v][2:v]concat=n=3:v=1:a=0,' +
      `fade=t=in:st=0:d=0.5,fade=t=out:st=${total - 0.5}:d=0.5,format=yuv420p[v];` +
      `sine=frequency=440:sample_rate=44100:duration=${total},volume=0.05[a]`;
    // biome-ignore format: one ffmpeg option per pair reads better
    const args = [
      '-hide_banner', '-loglevel', 'error', '-y', ...inputs,
      '-filter_complex', filter, '-map', '[v]', '-map', '[a]',
      '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-r', '25', '-threads', '1',
      '-c:a', 'aac', '-b:a', '96k', '-t', String(total), '-movflags', '+faststart', out,
    ];
    await runFfmpeg(args, opts.timeLimitMs);
    return { mp4: await readFile(out), poster: scenes.post, renderMs: clock() - started };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * An encode is background work: at a lower CPU priority (and on one thread, above) it takes
 * what the server leaves, so a render (the first-start demo makes one) does not slow the pages
 * and commands people are waiting for on a small machine.
 */
export const RENDER_NICENESS = 5;

function lowerPriority(pid: number | undefined) {
  if (pid === undefined) return;
  try {
    os.setPriority(pid, RENDER_NICENESS);
  } catch {
    // Not permitted on this system: the render runs at the server's priority.
  }
}

function runFfmpeg(args: string[], timeLimitMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPaths().ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    lowerPriority(child.pid);
    let stderr = '';
    let timedOut = false;
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeLimitMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new RenderTimeoutError(timeLimitMs));
      else if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`));
    });
  });
}
