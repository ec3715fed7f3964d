export { VIDEO_HEIGHT, VIDEO_WIDTH, type VideoPost } from './draw-scenes.ts';
export type { FfmpegBinaries } from './ffmpeg-binaries.ts';
// Named for the other layers that use them (decision 0067: another layer imports an area through its index).
export { setFfmpegBinaries } from './ffmpeg-binaries.ts';
export { probeVideo, type VideoProbe } from './probe-video.ts';
export {
  type RenderedVideo,
  RenderTimeoutError,
  renderVideo,
  VIDEO_SECONDS,
} from './render-video.ts';
