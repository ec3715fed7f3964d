import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderVideo } from '@/core/videos/index.ts';
import { createXClient, XApiError } from '@/integrations/x/index.ts';
import {
  MediaProcessingError,
  type UploadState,
  uploadVideo,
} from '@/integrations/x/upload-video.ts';
import { UPLOAD_TTL_SECS } from '@/sandbox/x/store/media.ts';
import { createXTestSandbox, manualClock } from '../../../support/sandbox-x.ts';

const clock = manualClock();
let t: Awaited<ReturnType<typeof createXTestSandbox>>;
let mp4: Buffer;
let alice: { id: string; accessToken: string };
const calls: string[] = [];
/** Small enough that the test video makes several segments. */
const CHUNK = 16 * 1024;
/** The segment_index of every APPEND sent, in order (a failed one included). */
const segments: number[] = [];
/** The APPEND (1-based, counted from the test's start) that X answers with a 503, if any. */
let failAppend: number | null = null;
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

const admin = (path: string, body?: unknown, method = 'POST') =>
  t.app.request(`/sandbox/x/_admin${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

function client() {
  return createXClient({
    clientId: 'unused',
    clientSecret: undefined,
    authorizeUrl: 'http://x.test/i/oauth2/authorize',
    tokenUrl: 'http://x.test/2/oauth2/token',
    revokeUrl: 'http://x.test/2/oauth2/revoke',
    redirectUri: 'http://x.test/cb',
    apiUrl: 'http://x.test/sandbox/x',
    fetch: async (input, init) => {
      const url = new URL(input);
      calls.push(`${init?.method ?? 'GET'} ${url.pathname.replace(/\d{6,}/, ':id')}`);
      if (init?.body instanceof FormData) {
        segments.push(Number(init.body.get('segment_index')));
        // The fault goes in just before this APPEND, so the ones before it succeed.
        if (segments.length === failAppend) {
          await admin('/faults', { path: '/2/media/upload/*/append', status: 503, count: 1 });
        }
      }
      return t.app.request(url.pathname + url.search, init);
    },
  } as Parameters<typeof createXClient>[0]);
}

/** Runs an upload with an in-memory saved state, the clock moving on each STATUS wait. */
function upload(bytes: Uint8Array, saved: { state: UploadState | null }) {
  return uploadVideo(client().media, {
    token: alice.accessToken,
    bytes,
    chunkBytes: CHUNK,
    resume: saved.state,
    save: async (s) => {
      saved.state = s;
    },
    now: clock.now,
    sleep: async (ms) => clock.advance(ms),
  });
}

const count = (what: string) => calls.filter((c) => c.endsWith(what)).length;

beforeAll(async () => {
  t = await createXTestSandbox({ now: clock.now });
  mp4 = (
    await renderVideo(
      { authorName: 'Bob', authorHandle: 'bob', text: 'hello $UP', agentHandle: 'UpsiderAgent' },
      { timeLimitMs: 180_000 },
    )
  ).mp4;
}, 240_000);
beforeEach(async () => {
  calls.length = 0;
  segments.length = 0;
  failAppend = null;
  await admin('/faults', undefined, 'DELETE');
  alice = await (await admin('/users', { username: 'alice' })).json();
});
afterAll(() => t.close());

describe('chunked video upload to the local X', () => {
  it('INIT, APPENDs, FINALIZE and STATUS polls, then a post with the video that plays', async () => {
    const saved = { state: null as UploadState | null };
    const mediaId = await upload(mp4, saved);
    expect(count('/initialize')).toBe(1);
    expect(count('/append')).toBe(Math.ceil(mp4.length / CHUNK));
    expect(count('/finalize')).toBe(1);
    expect(
      calls.filter((c) => c.startsWith('GET /sandbox/x/2/media/upload')).length,
    ).toBeGreaterThan(0);

    const { tweet } = await client().createTweet(alice.accessToken, {
      text: 'my video',
      mediaIds: [mediaId],
    });
    const file = await t.app.request(`/sandbox/x/media/${mediaId}.mp4`);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await file.arrayBuffer()).equals(mp4)).toBe(true);
    const page = await (await t.app.request(`/sandbox/x/alice/status/${tweet.id}`)).text();
    expect(page).toContain(`<video class="media" controls`);
    expect(page).toContain(`/sandbox/x/media/${mediaId}.mp4`);
  });

  it('resumes an interrupted APPEND at the segment that failed, not from the start', async () => {
    const chunks = Math.ceil(mp4.length / CHUNK);
    expect(chunks).toBeGreaterThan(3);
    failAppend = 3;
    const saved = { state: null as UploadState | null };
    await expect(upload(mp4, saved)).rejects.toBeInstanceOf(XApiError);
    // Segments 0 and 1 were acknowledged; segment 2 was refused.
    expect(saved.state).toMatchObject({ nextSegment: 2, finalized: false });
    expect(segments).toEqual([0, 1, 2]);
    const mediaId = await upload(mp4, saved);
    expect(mediaId).toBe(saved.state!.mediaId);
    expect(segments).toEqual([0, 1, 2, ...range(2, chunks)]);
    expect(count('/append')).toBe(chunks + 1);
    expect(count('/initialize')).toBe(1);
    expect(count('/finalize')).toBe(1);
    const file = await t.app.request(`/sandbox/x/media/${mediaId}.mp4`);
    expect(Buffer.from(await file.arrayBuffer()).equals(mp4)).toBe(true);
  });

  it('an interrupted upload that X has since expired starts again cleanly with a new INIT', async () => {
    const chunks = Math.ceil(mp4.length / CHUNK);
    failAppend = 3;
    const saved = { state: null as UploadState | null };
    await expect(upload(mp4, saved)).rejects.toBeInstanceOf(XApiError);
    const stale = saved.state!;
    expect(stale.nextSegment).toBe(2);
    failAppend = null;
    // X drops the session (its TTL passes) while the saved state still claims time left.
    clock.advance((UPLOAD_TTL_SECS + 60) * 1000);
    saved.state = {
      ...stale,
      expiresAt: new Date(clock.now().getTime() + 60 * 60_000).toISOString(),
    };
    alice = await (await admin('/users', { username: 'alice' })).json();
    calls.length = 0;
    segments.length = 0;
    const mediaId = await upload(mp4, saved);
    expect(mediaId).not.toBe(stale.mediaId);
    // One refused resume at segment 2, then every segment of a fresh upload, in order.
    expect(segments).toEqual([2, ...range(0, chunks)]);
    expect(count('/initialize')).toBe(1);
    expect(count('/finalize')).toBe(1);
    const file = await t.app.request(`/sandbox/x/media/${mediaId}.mp4`);
    expect(Buffer.from(await file.arrayBuffer()).equals(mp4)).toBe(true);
    expect((await t.app.request(`/sandbox/x/media/${stale.mediaId}.mp4`)).status).toBe(404);
  });

  it('retries a failed FINALIZE without sending the chunks again', async () => {
    await admin('/faults', { path: '/2/media/upload/*/finalize', status: 500, count: 1 });
    const saved = { state: null as UploadState | null };
    await expect(upload(mp4, saved)).rejects.toMatchObject({ status: 500 });
    const appends = count('/append');
    expect(saved.state!.nextSegment).toBe(appends);
    await upload(mp4, saved);
    expect(count('/append')).toBe(appends);
    expect(count('/finalize')).toBe(2);
    expect(count('/initialize')).toBe(1);
  });

  it('starts again cleanly when X no longer knows the saved upload', async () => {
    const saved = {
      state: {
        mediaId: '123456789',
        nextSegment: 3,
        expiresAt: new Date(clock.now().getTime() + 60_000).toISOString(),
        finalized: false,
      } as UploadState | null,
    };
    const mediaId = await upload(mp4, saved);
    expect(mediaId).not.toBe('123456789');
    expect(count('/initialize')).toBe(1);
    const file = await t.app.request(`/sandbox/x/media/${mediaId}.mp4`);
    expect(Buffer.from(await file.arrayBuffer()).equals(mp4)).toBe(true);
  });

  it('reports a file X cannot process as a processing failure', async () => {
    const saved = { state: null as UploadState | null };
    const err = await upload(Buffer.from('<html>not a video</html>'), saved).catch((e) => e);
    expect(err).toBeInstanceOf(MediaProcessingError);
    expect(err.info.error.message).toContain('not an MP4');
    expect(saved.state).toBeNull();
  });

  it('refuses unready or foreign media, media with a quote, and a size mismatch', async () => {
    const x = client();
    await expect(
      x.createTweet(alice.accessToken, { text: 'nope', mediaIds: ['1234567'] }),
    ).rejects.toMatchObject({ status: 400, title: 'Invalid Request' });
    const mediaId = await upload(mp4, { state: null });
    const { tweet } = await x.createTweet(alice.accessToken, { text: 'base' });
    await expect(
      x.createTweet(alice.accessToken, { text: 'q', mediaIds: [mediaId], quoteTweetId: tweet.id }),
    ).rejects.toMatchObject({ status: 400 });
    const bob = await (await admin('/users', { username: 'bob' })).json();
    await expect(
      x.createTweet(bob.accessToken, { text: 'stolen', mediaIds: [mediaId] }),
    ).rejects.toMatchObject({ status: 400 });
    const init = await x.media.initUpload(alice.accessToken, {
      mediaType: 'video/mp4',
      totalBytes: 10,
      category: 'tweet_video',
    });
    await x.media.appendChunk(alice.accessToken, init.mediaId, 0, new Uint8Array(4));
    await expect(x.media.finalizeUpload(alice.accessToken, init.mediaId)).rejects.toMatchObject({
      status: 400,
    });
  });
});
