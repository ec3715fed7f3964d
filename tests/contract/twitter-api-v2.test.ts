import { TwitterApi } from 'twitter-api-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_SCOPES, smallMp4, startLocalX } from './support/local-x.ts';

/**
 * twitter-api-v2, unmodified, against a started product's local X. The library builds fixed
 * https://api.x.com URLs; its documented `httpAgent` setting carries every connection to the
 * twin's host (support/local-x.ts), so the requests are the library's own, byte for byte.
 */
let x: Awaited<ReturnType<typeof startLocalX>>;
let alice: TwitterApi;
let aliceId: string;

beforeAll(async () => {
  x = await startLocalX();
});
afterAll(() => x?.close());

const settings = () => ({ httpAgent: x.agent });

describe('twitter-api-v2 against the local X', () => {
  it('runs the OAuth 2.0 PKCE round (its JSON token bodies), refreshes and revokes', async () => {
    const app = new TwitterApi(
      { clientId: x.client.clientId, clientSecret: x.client.clientSecret },
      settings(),
    );
    const redirectUri = x.client.redirectUris[0]!;
    const link = app.generateOAuth2AuthLink(redirectUri, {
      scope: [...CLIENT_SCOPES],
    });
    // Its verifier is 128 characters: within RFC 7636's 43–128, so X takes it.
    expect(link.codeVerifier).toHaveLength(128);
    const code = await x.consent(link.url, 'alice');
    const login = await app.loginWithOAuth2({ code, codeVerifier: link.codeVerifier, redirectUri });
    expect(login.refreshToken).toEqual(expect.any(String));
    expect((await login.client.v2.me()).data.username).toBe('alice');

    const refreshed = await app.refreshOAuth2Token(login.refreshToken!);
    expect(refreshed.accessToken).not.toBe(login.accessToken);
    expect((await refreshed.client.v2.me()).data.username).toBe('alice');
    // The first access token is revoked (a JSON body too), and X then refuses it.
    await app.revokeOAuth2Token(login.accessToken, 'access_token');
    await expect(login.client.v2.me()).rejects.toMatchObject({ code: 401 });
    alice = refreshed.client;
    aliceId = (await alice.v2.me()).data.id;
  });

  it('reads users by id and by username', async () => {
    const bob = await alice.v2.userByUsername('bob', { 'user.fields': ['created_at'] });
    expect(bob.data).toMatchObject({ username: 'bob', created_at: expect.any(String) });
    expect((await alice.v2.user(bob.data.id)).data.username).toBe('bob');
  });

  it('posts, replies, and looks a reply up with its expansions', async () => {
    const post = await alice.v2.tweet(`hello from twitter-api-v2 ${Date.now()}`);
    const reply = await alice.v2.reply('and a reply', post.data.id);
    const found = await alice.v2.singleTweet(reply.data.id, {
      expansions: ['author_id', 'referenced_tweets.id'],
      'tweet.fields': ['created_at', 'conversation_id'],
    });
    expect(found.data).toMatchObject({ id: reply.data.id, author_id: aliceId });
    expect(found.data.referenced_tweets).toEqual([{ type: 'replied_to', id: post.data.id }]);
    expect(found.includes?.users?.[0]?.username).toBe('alice');
    expect(found.includes?.tweets?.[0]?.id).toBe(post.data.id);
  });

  it('pages through mentions with next_token, searches, lists liking users, deletes', async () => {
    const tag = `tav2${Date.now()}`;
    for (let i = 0; i < 7; i++)
      await x.admin('/posts', { username: 'bob', text: `@alice ${tag} ${i}` });
    const mentions = await alice.v2.userMentionTimeline(aliceId, { max_results: 5 });
    expect(mentions.tweets).toHaveLength(5);
    expect(mentions.meta.next_token).toEqual(expect.any(String));
    await mentions.fetchNext();
    const texts = mentions.tweets.map((t) => t.text);
    expect(new Set(texts).size).toBe(7);
    expect(mentions.done).toBe(true);
    const found = await alice.v2.search(tag);
    expect(found.tweets).toHaveLength(7);

    const mine = await alice.v2.tweet(`like me ${tag}`);
    await x.admin(`/posts/${mine.data.id}/engagements`, { username: 'bob', kind: 'like' });
    const likers = await alice.v2.tweetLikedBy(mine.data.id);
    expect(likers.data.map((u) => u.username)).toEqual(['bob']);
    expect((await alice.v2.deleteTweet(mine.data.id)).data.deleted).toBe(true);
    // X answers a deleted post's lookup with 200 and a resource-not-found error
    // (docs/shared integrations.md: "Handle both"); the library hands that body back.
    const gone = await alice.v2.singleTweet(mine.data.id);
    expect(gone.errors?.[0]).toMatchObject({ resource_id: mine.data.id, title: 'Not Found Error' });
  });

  it('uploads a video in chunks (multipart parts without a filename) and posts with it', async () => {
    const mp4 = smallMp4();
    const mediaId = await alice.v2.uploadMedia(mp4, { media_type: 'video/mp4' }, 16 * 1024);
    const post = await alice.v2.tweet({ text: 'a video', media: { media_ids: [mediaId] } });
    const file = await fetch(`${x.origin}/media/${mediaId}.mp4`);
    // Every chunk arrived as bytes: the file is the one sent, so finalize saw the right size.
    expect(Buffer.from(await file.arrayBuffer()).equals(mp4)).toBe(true);
    const found = await alice.v2.singleTweet(post.data.id, { 'tweet.fields': ['attachments'] });
    expect(found.data.attachments?.media_keys).toEqual([`7_${mediaId}`]);
  });
});
