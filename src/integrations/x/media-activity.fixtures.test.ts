import { describe, expect, it } from 'vitest';
import { activityEventSchema } from './activity.ts';
import activity from './fixtures/activity.json' with { type: 'json' };
import media from './fixtures/media-upload.json' with { type: 'json' };
import { replayingXClient, type SeenRequest } from './fixtures/replaying-client.ts';
import hooks from './fixtures/webhooks.json' with { type: 'json' };

const replaying = (answer: (req: SeenRequest) => unknown) =>
  replayingXClient((req) => Response.json(answer(req)));

describe('X v2 media upload (initialize, append, finalize, status), as documented', () => {
  it('sends each step to its documented path and body, and reads the documented answers', async () => {
    const answers = [media.init, media.append, media.finalize, media.statusSucceeded];
    const { client, seen } = replaying(() => answers[seen.length - 1]);
    const init = await client.media.initUpload('AT', {
      mediaType: 'video/mp4',
      totalBytes: 1048576,
      category: 'amplify_video',
    });
    expect(init).toEqual({ mediaId: media.mediaId, expiresAfterSecs: 1295999 });
    await client.media.appendChunk('AT', media.mediaId, 0, new Uint8Array([1, 2, 3]));
    expect(await client.media.finalizeUpload('AT', media.mediaId)).toEqual({
      state: 'pending',
      check_after_secs: 1,
    });
    expect(await client.media.uploadStatus('AT', media.mediaId)).toEqual({
      state: 'succeeded',
      progress_percent: 100,
    });

    expect(seen.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      'POST /2/media/upload/initialize',
      `POST /2/media/upload/${media.mediaId}/append`,
      `POST /2/media/upload/${media.mediaId}/finalize`,
      `GET /2/media/upload?command=STATUS&media_id=${media.mediaId}`,
    ]);
    for (const s of seen) expect(s.headers.get('authorization')).toBe('Bearer AT');
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(seen[0]?.body))).toEqual({
      media_type: 'video/mp4',
      total_bytes: 1048576,
      media_category: 'amplify_video',
    });
    // multipart/form-data: the chunk under `media`, its index under `segment_index`.
    const append = seen[1]?.body as FormData;
    expect(append.get('segment_index')).toBe('0');
    const chunk = append.get('media') as Blob;
    expect([...new Uint8Array(await chunk.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it('an initialize answer without expires_after_secs (only id is required) still starts the upload', async () => {
    const { client } = replaying(() => media.initWithoutExpiry);
    const init = await client.media.initUpload('AT', {
      mediaType: 'video/mp4',
      totalBytes: 10,
      category: 'tweet_video',
    });
    expect(init.mediaId).toBe(media.mediaId);
    expect(init.expiresAfterSecs).toBeGreaterThan(0);
  });
});

describe('X Activity API, as documented', () => {
  it('creates a post.mention.create subscription with the documented body, whichever create shape X answers', async () => {
    for (const answer of [activity.createdObject, activity.createdArray, activity.createdWrapped]) {
      const { client, seen } = replaying(() => answer);
      const sub = await client.subscribeToMentions('UT', {
        userId: '123456789',
        webhookId: '1976325569252868099',
      });
      expect(sub.subscription_id).toBe('1976325569252868096');
      expect(seen[0]?.method).toBe('POST');
      expect(seen[0]?.url.pathname).toBe('/2/activity/subscriptions');
      expect(seen[0]?.headers.get('authorization')).toBe('Bearer UT');
      expect(seen[0]?.headers.get('content-type')).toBe('application/json');
      const body = JSON.parse(String(seen[0]?.body));
      expect(Object.keys(body).sort()).toEqual(Object.keys(activity.createRequest).sort());
      expect(body).toMatchObject({
        event_type: 'post.mention.create',
        filter: { user_id: '123456789' },
        webhook_id: '1976325569252868099',
      });
    }
  });

  it('lists subscriptions from the documented answer', async () => {
    const { client, seen } = replaying(() => activity.list);
    const subs = await client.listActivitySubscriptions('UT');
    expect(`${seen[0]?.method} ${seen[0]?.url.pathname}`).toBe('GET /2/activity/subscriptions');
    expect(subs.map((s) => [s.subscription_id, s.event_type, s.filter.user_id])).toEqual([
      ['1976325569252868096', 'profile.update.bio', '123456789'],
      ['1976325569252868097', 'profile.update.profile_picture', '987654321'],
    ]);
  });

  it('reads the documented post.mention.create delivery: the post, its author, the filter', () => {
    const event = activityEventSchema.parse(activity.mentionEvent);
    expect(event.data.event_type).toBe('post.mention.create');
    expect(event.data.filter.user_id).toBe('1111111111111111111');
    expect(event.data.payload).toMatchObject({
      id: '2080765813578191303',
      text: 'hey @ExampleUser',
      author_id: '2222222222222222222',
    });
    expect(event.data.payload.entities?.mentions?.[0]).toMatchObject({
      username: 'ExampleUser',
      id: '1111111111111111111',
    });
    const author = event.data.includes?.users?.find((u) => u.id === '2222222222222222222');
    expect(author?.username).toBe('OtherUser');
  });
});

describe('X webhooks (GET, POST and PUT /2/webhooks), as documented', () => {
  it('lists the app’s webhooks with the app-only bearer token, one or none', async () => {
    for (const [answer, ids] of [
      [hooks.list, ['1234567890']],
      [hooks.listEmpty, []],
    ] as const) {
      const { client, seen } = replaying(() => answer);
      const listed = await client.listWebhooks('APP');
      expect(`${seen[0]?.method} ${seen[0]?.url.pathname}`).toBe('GET /2/webhooks');
      expect(seen[0]?.headers.get('authorization')).toBe('Bearer APP');
      expect(listed.map((h) => h.id)).toEqual(ids);
    }
    const { client } = replaying(() => hooks.list);
    expect((await client.listWebhooks('APP'))[0]).toMatchObject({
      url: hooks.createRequest.url,
      valid: true,
    });
  });

  it('registers a webhook with the documented {url} body and reads its id', async () => {
    const { client, seen } = replaying(() => hooks.created);
    const created = await client.registerWebhook('APP', hooks.createRequest.url);
    expect(`${seen[0]?.method} ${seen[0]?.url.pathname}`).toBe('POST /2/webhooks');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer APP');
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(seen[0]?.body))).toEqual(hooks.createRequest);
    expect(created).toMatchObject({ id: '1234567890', url: hooks.createRequest.url, valid: true });
  });

  it('re-validates a webhook with the documented bodiless PUT and reads {data: {valid}}', async () => {
    const { client, seen } = replaying(() => hooks.validated);
    expect(await client.validateWebhook('APP', '1234567890')).toEqual({
      valid: true,
      detail: null,
    });
    expect(`${seen[0]?.method} ${seen[0]?.url.pathname}`).toBe('PUT /2/webhooks/1234567890');
    expect(seen[0]?.url.search).toBe('');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer APP');
    expect(seen[0]?.body).toBeUndefined();
    expect(seen[0]?.headers.get('content-type')).toBeNull();

    // The same documented field after a failed CRC check, and the OpenAPI's errors-only answer.
    const failed = replaying(() => ({ data: { valid: false } }));
    expect(await failed.client.validateWebhook('APP', '1234567890')).toEqual({
      valid: false,
      detail: null,
    });
    const errorsOnly = replaying(() => ({
      errors: [{ title: 'CrcValidationFailed', detail: 'The callback URL did not answer' }],
    }));
    expect(await errorsOnly.client.validateWebhook('APP', '1234567890')).toEqual({
      valid: false,
      detail: 'The callback URL did not answer',
    });
  });
});
