// A type only: draw-scenes.ts loads the canvas binding, which waits for the first video (decision 0081).
export type { VideoPost } from './draw-scenes.ts';
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
