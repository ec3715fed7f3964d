import { renderVideo } from '@/core/videos/index.ts';
import type { BenchSection } from './types.ts';

const RUNS = Number(process.env.BENCH_VIDEO_RUNS ?? 3);

/**
 * How long one promotion video takes to render (stills + ffmpeg, 1280×720, 10 s) on
 * this machine, one at a time as the agent worker renders them, and how big it is.
 */
export const videoRenderBench: BenchSection = {
  title: 'Promotion video render (one at a time)',
  async run() {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const video = await renderVideo(
        {
          authorName: 'Bench Author',
          authorHandle: 'bench',
          text: `Run ${i}: $UP on Constellation 🚀 a post of ordinary length, wrapped over a few lines. שלום`,
          agentHandle: 'UpsiderAgent',
        },
        { timeLimitMs: 120_000 },
      );
      times.push(video.renderMs);
      bytes = video.mp4.length;
    }
    times.sort((a, b) => a - b);
    console.info(
      `  ${RUNS} renders: median ${(times[Math.floor(RUNS / 2)]! / 1000).toFixed(2)} s, ` +
        `slowest ${(times.at(-1)! / 1000).toFixed(2)} s; ${(bytes / 1024).toFixed(0)} KB per video`,
    );
  },
};
