import type { ProcessingInfo, XMediaApi } from './media.ts';
import { uploadIsGone } from './media.ts';

/** Where an upload stands; saved after every acknowledged step so a retry resumes it. */
export interface UploadState {
  mediaId: string;
  nextSegment: number;
  expiresAt: string;
  finalized: boolean;
}

export interface UploadVideoOptions {
  token: string;
  bytes: Uint8Array;
  /** Segment size; the local X's gateway takes at most 1 MB per request. */
  chunkBytes?: number;
  /** A saved state from an earlier, interrupted attempt. */
  resume: UploadState | null;
  save: (state: UploadState | null) => Promise<void>;
  now: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** STATUS polls before giving up (X says how long to wait between them). */
  maxPolls?: number;
}

export class MediaProcessingError extends Error {
  constructor(readonly info: ProcessingInfo) {
    super(`X could not process the video: ${info.error?.message ?? info.state}`);
    this.name = 'MediaProcessingError';
  }
}

export const DEFAULT_CHUNK_BYTES = 512 * 1024;

/**
 * Uploads a video in chunks and waits until X has processed it; returns the media id. An
 * interrupted upload (a crash, a failed APPEND or FINALIZE) continues from the saved state; one
 * X no longer knows (expired, refused) starts again with a new INIT. Network and 5xx errors are
 * thrown for the caller's retry; a processing failure throws MediaProcessingError.
 */
export async function uploadVideo(media: XMediaApi, o: UploadVideoOptions): Promise<string> {
  const chunk = o.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  const sleep = o.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  const resume = o.resume && new Date(o.resume.expiresAt) > o.now() ? o.resume : null;
  let sent: Awaited<ReturnType<typeof sendAll>>;
  try {
    sent = await sendAll(media, o, resume, chunk);
  } catch (err) {
    if (!resume || !uploadIsGone(err)) throw err;
    await o.save(null);
    sent = await sendAll(media, o, null, chunk);
  }
  const { state } = sent;
  let { info } = sent;
  for (let polls = 0; info && info.state !== 'succeeded'; polls++) {
    if (info.state === 'failed') {
      await o.save(null);
      throw new MediaProcessingError(info);
    }
    if (polls >= (o.maxPolls ?? 60)) throw new Error('X is still processing the video');
    await sleep(Math.max(0.2, info.check_after_secs ?? 1) * 1000);
    info = await media.uploadStatus(o.token, state.mediaId);
  }
  return state.mediaId;
}

/** Chunks, then FINALIZE (or STATUS when a resumed upload was already finalized). */
async function sendAll(
  media: XMediaApi,
  o: UploadVideoOptions,
  resume: UploadState | null,
  chunk: number,
) {
  let state = await sendChunks(media, o, resume, chunk);
  const info = state.finalized
    ? await media.uploadStatus(o.token, state.mediaId)
    : await media.finalizeUpload(o.token, state.mediaId);
  if (!state.finalized) {
    state = { ...state, finalized: true };
    await o.save(state);
  }
  return { state, info };
}

async function sendChunks(
  media: XMediaApi,
  o: UploadVideoOptions,
  resume: UploadState | null,
  chunk: number,
): Promise<UploadState> {
  let state = resume;
  if (!state) {
    const init = await media.initUpload(o.token, {
      mediaType: 'video/mp4',
      totalBytes: o.bytes.length,
      category: 'tweet_video',
    });
    const expiresAt = new Date(o.now().getTime() + init.expiresAfterSecs * 1000).toISOString();
    state = { mediaId: init.mediaId, nextSegment: 0, expiresAt, finalized: false };
    await o.save(state);
  }
  const segments = Math.ceil(o.bytes.length / chunk);
  while (!state.finalized && state.nextSegment < segments) {
    const i: number = state.nextSegment;
    await media.appendChunk(
      o.token,
      state.mediaId,
      i,
      o.bytes.subarray(i * chunk, (i + 1) * chunk),
    );
    state = { ...state, nextSegment: i + 1 };
    await o.save(state);
  }
  return state;
}
