import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xMentions, xPosts } from '@/sandbox/db/schema/index.ts';
import { createXTestSandbox } from '../../../support/sandbox-x.ts';

let t: Awaited<ReturnType<typeof createXTestSandbox>>;
let agent: { id: string; accessToken: string };
/** Ids of the 37 posts mentioning the agent, oldest first. */
const ids: string[] = [];

const admin = (path: string, body: unknown) =>
  t.app.request(`/sandbox/x/_admin${path}`, { method: 'POST', body: JSON.stringify(body) });
const mentions = async (query: string, userId = agent.id) => {
  const res = await t.app.request(`/sandbox/x/2/users/${userId}/mentions?${query}`, {
    headers: { authorization: `Bearer ${agent.accessToken}` },
  });
  return { status: res.status, body: await res.json(), res };
};

beforeAll(async () => {
  t = await createXTestSandbox();
  agent = await (await admin('/users', { username: 'agent' })).json();
  for (let i = 0; i < 37; i++) {
    const post = await (
      await admin('/posts', { username: `user${i % 4}`, text: `@agent what's my address? #${i}` })
    ).json();
    ids.push(post.id);
  }
  // Noise: posts that do not mention the agent.
  await admin('/posts', { username: 'user1', text: 'talking to @someone_else' });
});
afterAll(() => t.close());

describe('GET /2/users/:id/mentions', () => {
  it('pages through all 37 mentions newest first with next_token', async () => {
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const { body } = await mentions(`max_results=10${token ? `&pagination_token=${token}` : ''}`);
      seen.push(...body.data.map((d: { id: string }) => d.id));
      expect(body.meta.result_count).toBe(body.data.length);
      expect(body.meta.newest_id).toBe(body.data[0].id);
      expect(body.meta.oldest_id).toBe(body.data.at(-1).id);
      token = body.meta.next_token;
      pages++;
    } while (token);
    expect(pages).toBe(4);
    expect(seen).toEqual([...ids].reverse());
  });

  it('defaults to 10 results and accepts 5–100 only', async () => {
    expect((await mentions('')).body.data).toHaveLength(10);
    for (const bad of ['4', '101', 'ten']) {
      const { status, body } = await mentions(`max_results=${bad}`);
      expect(status).toBe(400);
      expect(body.title).toBe('Invalid Request');
      expect(body.errors[0].parameters).toEqual({ max_results: [bad] });
    }
  });

  it('since_id returns only newer mentions; polling with meta.newest_id then finds nothing', async () => {
    const { body } = await mentions(`since_id=${ids[29]}&max_results=100`);
    expect(body.data.map((d: { id: string }) => d.id)).toEqual(ids.slice(30).reverse());
    const empty = await mentions(`since_id=${body.meta.newest_id}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ meta: { result_count: 0 } });
  });

  it('until_id returns only older mentions and pages within that range', async () => {
    const first = await mentions(`until_id=${ids[20]}&max_results=5`);
    expect(first.body.data.map((d: { id: string }) => d.id)).toEqual(ids.slice(15, 20).reverse());
    const next = await mentions(
      `until_id=${ids[20]}&max_results=5&pagination_token=${first.body.meta.next_token}`,
    );
    expect(next.body.data.map((d: { id: string }) => d.id)).toEqual(ids.slice(10, 15).reverse());
    const back = await mentions(
      `until_id=${ids[20]}&max_results=5&pagination_token=${next.body.meta.previous_token}`,
    );
    expect(back.body.data).toEqual(first.body.data);
  });

  it('expands authors and referenced posts, with the fields asked for', async () => {
    const root = await (
      await admin('/posts', { username: 'agent', text: 'Your address is DAG123' })
    ).json();
    const reply = await (
      await admin('/posts', { username: 'user2', text: 'thanks!', inReplyToId: root.id })
    ).json();
    const q =
      'max_results=5&tweet.fields=author_id,created_at,conversation_id,in_reply_to_user_id,referenced_tweets,entities&expansions=author_id,referenced_tweets.id&user.fields=profile_image_url';
    const { body } = await mentions(q);
    // A reply reaches the parent's author even without a typed @handle, as on X.
    expect(body.data[0]).toMatchObject({
      id: reply.id,
      author_id: expect.any(String),
      conversation_id: root.id,
      in_reply_to_user_id: agent.id,
      referenced_tweets: [{ type: 'replied_to', id: root.id }],
      created_at: expect.any(String),
    });
    expect(body.data[1].entities.mentions[0]).toEqual({
      start: 0,
      end: 6,
      username: 'agent',
      id: agent.id,
    });
    expect(body.includes.tweets).toEqual([
      expect.objectContaining({ id: root.id, text: 'Your address is DAG123' }),
    ]);
    const users = body.includes.users.map((u: { username: string }) => u.username).sort();
    expect(users).toEqual(['user0', 'user1', 'user2', 'user3']);
    expect(body.includes.users[0].profile_image_url).toContain('/avatars/');
  });

  it("expands the accounts a post mentions, leaving a suspended one out with X's error", async () => {
    const bob = await (await admin('/users', { username: 'bob_m' })).json();
    await admin('/users', { username: 'gone_m' });
    await admin('/users/gone_m/suspend', {});
    await admin('/posts', { username: 'user3', text: '@agent send 1 UP to @bob_m and @gone_m' });
    const { body } = await mentions(
      'max_results=5&tweet.fields=entities&expansions=entities.mentions.username',
    );
    const handles = body.includes.users.map((u: { username: string }) => u.username).sort();
    expect(handles).toEqual(['agent', 'bob_m']);
    expect(body.data[0].entities.mentions[1]).toMatchObject({ username: 'bob_m', id: bob.id });
    expect(body.errors).toEqual([
      expect.objectContaining({
        parameter: 'entities.mentions.username',
        value: 'gone_m',
        detail: 'User has been suspended: [gone_m].',
      }),
    ]);
  });

  it('rejects malformed ids and tokens', async () => {
    expect((await mentions('since_id=abc')).status).toBe(400);
    expect((await mentions('pagination_token=not!a!token')).status).toBe(400);
    expect((await mentions('', 'abc')).status).toBe(400);
  });

  it('reaches only the 800 most recent mentions', async () => {
    const crowded = await (await admin('/users', { username: 'crowded' })).json();
    const base = 1_900_000_000_000_000_000n;
    const rows = Array.from({ length: 805 }, (_, i) => ({
      id: base + BigInt(i),
      authorId: agent.id,
      text: `@crowded ${i}`,
      conversationId: base + BigInt(i),
      createdAt: new Date(Date.now() - (805 - i) * 1000),
    }));
    await t.database.db.insert(xPosts).values(rows);
    await t.database.db
      .insert(xMentions)
      .values(rows.map((r) => ({ postId: r.id, userId: crowded.id })));
    let total = 0;
    let oldest = '';
    let token: string | undefined;
    do {
      const { body } = await mentions(
        `max_results=100${token ? `&pagination_token=${token}` : ''}`,
        crowded.id,
      );
      total += body.meta.result_count;
      oldest = body.meta.oldest_id;
      token = body.meta.next_token;
    } while (token);
    expect(total).toBe(800);
    expect(oldest).toBe((base + 5n).toString());
    expect((await mentions(`until_id=${base + 5n}`, crowded.id)).body.meta.result_count).toBe(0);
  });
});
