export { VIDEO_HEIGHT, VIDEO_WIDTH, type VideoPost } from './draw-scenes.ts';
export { probeVideo, type VideoProbe } from './probe-video.ts';
export {
  type RenderedVideo,
  RenderTimeoutError,
  renderVideo,
  VIDEO_SECONDS,
} from './render-video.ts';
