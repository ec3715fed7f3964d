import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { BACKGROUND, drawScenes, SAFE_MARGIN, VIDEO_HEIGHT, VIDEO_WIDTH } from './draw-scenes.ts';
import { probeVideo } from './probe-video.ts';
import { RENDER_NICENESS, RenderTimeoutError, renderVideo } from './render-video.ts';

const post = (text: string) => ({
  authorName: 'Alice Example',
  authorHandle: 'alice',
  text,
  agentHandle: 'UpsiderAgent',
});

/** Every pixel of the safe margin band is the plain background: no text ran off the frame. */
async function marginIsClear(png: Buffer): Promise<boolean> {
  const img = await loadImage(png);
  const c = createCanvas(VIDEO_WIDTH, VIDEO_HEIGHT);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const { data } = ctx.getImageData(0, 0, VIDEO_WIDTH, VIDEO_HEIGHT);
  const bg = [0x0b, 0x10, 0x20];
  const band = SAFE_MARGIN - 4;
  for (let y = 0; y < VIDEO_HEIGHT; y++) {
    for (let x = 0; x < VIDEO_WIDTH; x++) {
      const inBand = x < band || y < band || x >= VIDEO_WIDTH - band || y >= VIDEO_HEIGHT - band;
      if (!inBand) continue;
      const i = (y * VIDEO_WIDTH + x) * 4;
      if (
        Math.abs(data[i]! - bg[0]!) +
          Math.abs(data[i + 1]! - bg[1]!) +
          Math.abs(data[i + 2]! - bg[2]!) >
        6
      )
        return false;
    }
  }
  return BACKGROUND === '#0b1020';
}

describe('renderVideo', () => {
  it('makes a 1280×720, 10 s H.264 + AAC MP4 that ffprobe reads', async () => {
    const video = await renderVideo(post('UP is live on Constellation 🚀 read the thread'), {
      timeLimitMs: 60_000,
    });
    const file = path.join(tmpdir(), `render-test-${process.pid}.mp4`);
    await writeFile(file, video.mp4);
    const probe = await probeVideo(file);
    expect(probe.video).toMatchObject({
      codec: 'h264',
      width: 1280,
      height: 720,
      pixFmt: 'yuv420p',
    });
    expect(probe.audio).toEqual({ codec: 'aac' });
    expect(probe.durationSeconds).toBeGreaterThanOrEqual(6);
    expect(probe.durationSeconds).toBeLessThanOrEqual(12);
    expect(video.mp4.length).toBeLessThan(5 * 1024 * 1024);
    expect(video.poster.subarray(1, 4).toString()).toBe('PNG');
  }, 90_000);

  it('encodes at a lower CPU priority, so a render does not slow the server', async () => {
    // The niceness of each ffmpeg this process starts, read from /proc while the render runs.
    const seen = new Set<number>();
    const watch = setInterval(() => {
      for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          if (Number(fields[1]) === process.pid && stat.includes('(ffmpeg')) {
            seen.add(Number(fields[16]));
          }
        } catch {
          // gone
        }
      }
    }, 10);
    try {
      // Seen within its first seconds: a busy machine may stop it at the limit, which is fine here.
      await renderVideo(post('Nice and slow'), { timeLimitMs: 3_000 }).catch((err) => {
        if (!(err instanceof RenderTimeoutError)) throw err;
      });
    } finally {
      clearInterval(watch);
    }
    expect([...seen]).toEqual([RENDER_NICENESS]);
  }, 90_000);

  it('stops ffmpeg past the time limit and says so', async () => {
    await expect(renderVideo(post('slow'), { timeLimitMs: 1 })).rejects.toBeInstanceOf(
      RenderTimeoutError,
    );
  });
});

describe('post layout stays inside the frame', () => {
  const cases: [string, string][] = [
    ['280 characters of one word', 'a'.repeat(280)],
    ['only emoji', '🚀🔥💎🙌'.repeat(20)],
    ['right-to-left', 'שלום עולם, זה פוסט ארוך מאוד על המטבע UP '.repeat(6)],
    ['Arabic', 'مرحبا بالعالم هذا منشور طويل '.repeat(8)],
    ['HTML-looking text', '<script>alert(1)</script><b>bold</b> &amp; <img src=x onerror=1>'],
    [
      'long mixed words',
      `${'Supercalifragilistic'.repeat(8)} and https://example.com/${'x'.repeat(120)}`,
    ],
    ['empty', '   \u200b '],
  ];
  it.each(cases)('%s', async (_name, text) => {
    const scenes = drawScenes(post(text));
    expect(scenes.layout.lines.length).toBeGreaterThan(0);
    expect(scenes.layout.width).toBeLessThanOrEqual(VIDEO_WIDTH - 2 * SAFE_MARGIN - 80);
    expect(await marginIsClear(scenes.post)).toBe(true);
  });

  it('lays out Hebrew right to left and Latin left to right', () => {
    expect(drawScenes(post('שלום UP')).layout.rtl).toBe(true);
    expect(drawScenes(post('UP שלום')).layout.rtl).toBe(false);
  });
});
