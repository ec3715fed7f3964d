import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createXClient, type XClient } from '@/integrations/x/index.ts';
import { createCodeVerifier } from '@/integrations/x/pkce.ts';
import { uploadVideo } from '@/integrations/x/upload-video.ts';
import { smallMp4, startLocalX } from './support/local-x.ts';

/**
 * The product's own X client through the same cases as the official libraries, over real HTTP
 * to the same local X host: it must not lean on anything the twin would let slip that X
 * would not (the libraries' files show what X takes).
 */
let x: Awaited<ReturnType<typeof startLocalX>>;
let client: XClient;
let token: string;
let aliceId: string;

beforeAll(async () => {
  x = await startLocalX();
  client = createXClient({
    clientId: x.client.clientId,
    clientSecret: x.client.clientSecret,
    authorizeUrl: `${x.origin}/i/oauth2/authorize`,
    tokenUrl: `${x.origin}/2/oauth2/token`,
    revokeUrl: `${x.origin}/2/oauth2/revoke`,
    redirectUri: x.client.redirectUris[0]!,
    apiUrl: x.origin,
  });
});
afterAll(() => x?.close());

describe("the product's X client against the local X", () => {
  it('runs the OAuth 2.0 PKCE round, refreshes and revokes', async () => {
    const verifier = createCodeVerifier();
    expect(verifier.length).toBeLessThanOrEqual(128);
    const scopes = [
      'tweet.read',
      'tweet.write',
      'users.read',
      'like.read',
      'media.write',
      'offline.access',
    ];
    const url = client.createAuthorizationUrl('state-1', verifier, scopes);
    const first = await client.exchangeCode(await x.consent(url.href, 'alice'), verifier);
    const refreshed = await client.refresh(first.refreshToken!);
    await client.revoke(first.accessToken, 'access_token');
    await expect(client.getMe(first.accessToken)).rejects.toMatchObject({ status: 401 });
    token = refreshed.accessToken;
    const me = await client.getMe(token);
    expect(me.user.username).toBe('alice');
    aliceId = me.user.id;
  });

  it('reads a user by username', async () => {
    expect((await client.getUserByUsername(token, 'bob')).user?.username).toBe('bob');
  });

  it('posts, replies and looks the reply up with its expansions', async () => {
    const { tweet: post } = await client.createTweet(token, { text: `product ${Date.now()}` });
    const { tweet: reply } = await client.createTweet(token, {
      text: 'a reply',
      reply: { inReplyToTweetId: post.id },
    });
    const found = await client.getTweet(token, reply.id);
    expect(found.tweet).toMatchObject({ id: reply.id, author_id: aliceId });
  });

  it('pages mentions, searches and lists liking users', async () => {
    const tag = `prod${Date.now()}`;
    for (let i = 0; i < 7; i++)
      await x.admin('/posts', { username: 'bob', text: `@alice ${tag} ${i}` });
    const first = await client.getMentions(token, aliceId, { maxResults: 5 });
    const next = await client.getMentions(token, aliceId, {
      maxResults: 5,
      paginationToken: first.meta.next_token!,
    });
    const texts = [...first.tweets, ...(next.tweets ?? [])].map((t) => t.text);
    expect(texts.filter((t) => t.includes(tag))).toHaveLength(7);
    const found = await client.searchRecent(token, { query: tag, maxResults: 10 });
    expect(found.tweets).toHaveLength(7);
    const { tweet } = await client.createTweet(token, { text: `like me ${tag}` });
    await x.admin(`/posts/${tweet.id}/engagements`, { username: 'bob', kind: 'like' });
    const likers = await client.getLikingUsers(token, tweet.id);
    expect(likers.users.map((u) => u.username)).toEqual(['bob']);
  });

  it('uploads a video in chunks and posts with it', async () => {
    const mp4 = smallMp4();
    const mediaId = await uploadVideo(client.media, {
      token,
      bytes: mp4,
      chunkBytes: 16 * 1024,
      resume: null,
      save: async () => {},
      now: () => new Date(),
    });
    await client.createTweet(token, { text: 'a video', mediaIds: [mediaId] });
    const file = await fetch(`${x.origin}/media/${mediaId}.mp4`);
    expect(Buffer.from(await file.arrayBuffer()).equals(mp4)).toBe(true);
  });
});
