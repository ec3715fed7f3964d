import { drainVideos } from '../commands/video/drain-videos.ts';
import type { AgentContext } from '../context.ts';
import { type AgentLoop, idleMs } from './loop.ts';

/** Renders take seconds of CPU: their own loop, so mentions and replies never wait on one. */
export const videosLoop = (ctx: AgentContext): AgentLoop => ({
  name: 'videos',
  usesX: true,
  step: async () => ((await drainVideos(ctx)) > 0 ? 0 : idleMs(ctx.agent.pollIntervalMs)),
  once: () => drainVideos(ctx),
});
