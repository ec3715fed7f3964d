import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createXTestSandbox, manualClock } from '../../../support/sandbox-x.ts';

/**
 * Edits on the local X as X documents them (xdevplatform/docs x-api/fundamentals/edit-posts.mdx):
 * a new post id per edit, `edit_history_tweet_ids` oldest first, at most 5 edits within 30
 * minutes of the first version, the newest version on timelines and in search, an old id still
 * readable by lookup (decision 0042).
 */
const clock = manualClock();
let t: Awaited<ReturnType<typeof createXTestSandbox>>;
let token: string;
let agentId: string;

const admin = (path: string, body: unknown) =>
  t.app.request(`/sandbox/x/_admin${path}`, { method: 'POST', body: JSON.stringify(body) });
const post = async (username: string, text: string, inReplyToId?: string) =>
  ((await (await admin('/posts', { username, text, inReplyToId })).json()) as { id: string }).id;
const edit = (id: string, text: string) => admin(`/posts/${id}/edit`, { text });
const read = async (path: string) =>
  (await t.app.request(`/sandbox/x/2${path}`, {
    headers: { authorization: `Bearer ${token}` },
  })) as Response;

beforeAll(async () => {
  t = await createXTestSandbox({ now: clock.now });
  await admin('/users', { username: 'alice' });
  await admin('/users', { username: 'bob' });
  const agent = (await (await admin('/users', { username: 'UpsiderAgent' })).json()) as {
    id: string;
    accessToken: string;
  };
  agentId = agent.id;
  token = agent.accessToken;
});
afterAll(() => t.close());

describe('local X: editing a post', () => {
  it('makes a new post id carrying the chain; the mentions timeline lists only the newest', async () => {
    const first = await post('alice', '@UpsiderAgent send 5 UP to @bbo');
    clock.advance(60_000);
    const res = await edit(first, '@UpsiderAgent send 5 UP to @bob');
    expect(res.status).toBe(201);
    const second = (await res.json()) as { id: string; editHistoryTweetIds: string[] };
    expect(BigInt(second.id)).toBeGreaterThan(BigInt(first));
    expect(second.editHistoryTweetIds).toEqual([first, second.id]);

    const timeline = await (
      await read(`/users/${agentId}/mentions?tweet.fields=entities,edit_controls`)
    ).json();
    const listed = timeline.data.filter((p: { id: string }) => [first, second.id].includes(p.id));
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: second.id,
      text: '@UpsiderAgent send 5 UP to @bob',
      edit_history_tweet_ids: [first, second.id],
      edit_controls: { edits_remaining: 4, is_edit_eligible: true },
    });
    // The new text's mentions are found again: @bob exists, @bbo did not.
    expect(listed[0].entities.mentions.map((m: { username: string }) => m.username)).toEqual([
      'UpsiderAgent',
      'bob',
    ]);

    // A lookup of the old id returns that version, with the whole chain.
    const old = await (await read(`/tweets/${first}`)).json();
    expect(old.data).toMatchObject({
      id: first,
      text: '@UpsiderAgent send 5 UP to @bbo',
      edit_history_tweet_ids: [first, second.id],
    });
    const search = await (await read('/tweets/search/recent?query=%40UpsiderAgent')).json();
    const found = search.data.map((p: { id: string }) => p.id);
    expect(found).toContain(second.id);
    expect(found).not.toContain(first);
    // Only the newest version can be edited.
    expect((await edit(first, 'again')).status).toBe(403);
  });

  it('allows 5 edits, then answers 403 in X problem shape', async () => {
    let id = await post('alice', '@UpsiderAgent balance v0');
    for (let n = 1; n <= 5; n++) {
      const res = await edit(id, `@UpsiderAgent balance v${n}`);
      expect(res.status).toBe(201);
      id = ((await res.json()) as { id: string }).id;
    }
    const refused = await edit(id, '@UpsiderAgent balance v6');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(await refused.json()).toMatchObject({ title: 'Forbidden', status: 403 });
    const lookup = await (await read(`/tweets/${id}`)).json();
    expect(lookup.data.edit_history_tweet_ids).toHaveLength(6);
  });

  it('refuses an edit more than 30 minutes after the first version, on the sandbox clock', async () => {
    const id = await post('alice', '@UpsiderAgent what is my address');
    clock.advance(29 * 60_000);
    const res = await edit(id, '@UpsiderAgent whats my address');
    expect(res.status).toBe(201);
    const newer = ((await res.json()) as { id: string }).id;
    clock.advance(2 * 60_000);
    const late = await edit(newer, '@UpsiderAgent what is my address?');
    expect(late.status).toBe(403);
    expect((await late.json()).detail).toMatch(/30-minute/);
  });

  it('refuses to edit a reply to someone else (X: non-self-thread replies)', async () => {
    const root = await post('bob', 'a post by bob');
    const reply = await post('alice', '@UpsiderAgent fingerprint this', root);
    expect((await edit(reply, '@UpsiderAgent promote this')).status).toBe(403);
  });
});
