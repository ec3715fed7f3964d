import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createXTestSandbox } from '../../../support/sandbox-x.ts';

let t: Awaited<ReturnType<typeof createXTestSandbox>>;
const form = (
  fields: Record<string, string>,
  cookie = '',
  headers: Record<string, string> = {},
): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
  body: new URLSearchParams(fields),
});
const get = (path: string, cookie = '') =>
  t.app.request(`/sandbox/x${path}`, { headers: { cookie } });

async function signIn(username: string, next = '/sandbox/x/home') {
  const res = await t.app.request('/sandbox/x/i/flow/login', form({ username, next }));
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { res, setCookie, cookie: setCookie.split(';')[0]! };
}
const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1]!;

beforeAll(async () => {
  t = await createXTestSandbox();
});
afterAll(() => t.close());

describe('post intent', () => {
  it('asks for a username first, then posts the prefilled text and shows it on the timeline', async () => {
    const first = await get('/intent/post?text=what%27s%20my%20address%20%40UpsiderAgent');
    const signInPage = await first.text();
    expect(signInPage).toMatch(/<label for="login-username">Username<\/label>/);
    const next = /name="next" value="([^"]+)"/.exec(signInPage)![1]!.replace(/&amp;/g, '&');
    expect(next).toBe('/sandbox/x/intent/post?text=what%27s%20my%20address%20%40UpsiderAgent');

    const { res, setCookie, cookie } = await signIn('grace', next);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(next);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/sandbox\/x/);

    const compose = await (await get(next.replace('/sandbox/x', ''), cookie)).text();
    expect(compose).toContain('>what&#39;s my address @UpsiderAgent</textarea>');
    const posted = await t.app.request(
      '/sandbox/x/intent/post',
      form({ text: "what's my address @UpsiderAgent", csrf: csrfOf(compose) }, cookie),
    );
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/sandbox/x/home');
    const timeline = await (await get('/home', cookie)).text();
    expect(timeline).toContain('@grace');
    expect(timeline).toMatch(
      /what&#39;s my address <a href="\/sandbox\/x\/UpsiderAgent">@UpsiderAgent<\/a>/,
    );
  });

  it('refuses a post without the session’s CSRF token or from another site', async () => {
    const { cookie } = await signIn('heidi');
    const page = await (await get('/intent/post?text=x', cookie)).text();
    expect(
      (
        await t.app.request(
          '/sandbox/x/intent/post',
          form({ text: 'forged', csrf: 'wrong' }, cookie),
        )
      ).status,
    ).toBe(403);
    const crossSite = form({ text: 'forged', csrf: csrfOf(page) }, cookie, {
      origin: 'https://evil.example',
    });
    expect((await t.app.request('/sandbox/x/intent/post', crossSite)).status).toBe(403);
    const posts = await (await get('/_admin/posts')).json();
    expect(posts.map((p: { text: string }) => p.text)).not.toContain('forged');
  });

  it('never redirects outside the local X after sign-in', async () => {
    const { res } = await signIn('ivan', 'https://evil.example/');
    expect(res.headers.get('location')).toBe('/sandbox/x/home');
  });
});

describe('timeline, profile and post pages', () => {
  it('escapes user text and nests replies under their parent', async () => {
    const admin = (body: unknown) =>
      t.app.request('/sandbox/x/_admin/posts', { method: 'POST', body: JSON.stringify(body) });
    const root = await (
      await admin({ username: 'judy', text: '<img src=x onerror=alert(1)> hello' })
    ).json();
    const reply = await (
      await admin({ username: 'ken', text: '@judy nested reply', inReplyToId: root.id })
    ).json();
    const html = await (await get('/home')).text();
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; hello');
    const rootAt = html.indexOf(`/status/${root.id}`);
    const nestedAt = html.indexOf('<div class="replies">', rootAt);
    expect(rootAt).toBeGreaterThan(-1);
    expect(nestedAt).toBeGreaterThan(rootAt);
    expect(html.indexOf(`/status/${reply.id}`)).toBeGreaterThan(nestedAt);

    const profile = await (await get('/judy')).text();
    expect(profile).toMatch(/<h1[^>]*>judy<\/h1>/);
    const status = await get(`/judy/status/${reply.id}`);
    expect(status.status).toBe(301);
    expect(status.headers.get('location')).toBe(`/sandbox/x/ken/status/${reply.id}`);
    const page = await (await get(`/ken/status/${reply.id}`)).text();
    expect(page).toContain('Earlier in the conversation');
    expect(page).toContain('nested reply');
  });

  it('replies from the post page start with the parent author’s handle', async () => {
    const { cookie } = await signIn('leo');
    const root = await (
      await t.app.request('/sandbox/x/_admin/posts', {
        method: 'POST',
        body: JSON.stringify({ username: 'mia', text: 'reply to me' }),
      })
    ).json();
    const page = await (await get(`/mia/status/${root.id}`, cookie)).text();
    const res = await t.app.request(
      '/sandbox/x/compose/post',
      form(
        {
          text: 'sure',
          in_reply_to: root.id,
          csrf: csrfOf(page),
          next: `/sandbox/x/mia/status/${root.id}`,
        },
        cookie,
      ),
    );
    expect(res.status).toBe(303);
    const [latest] = await (await get('/_admin/posts')).json();
    expect(latest).toMatchObject({
      text: '@mia sure',
      inReplyToId: root.id,
      author: { username: 'leo' },
    });
  });

  it('shows URLs in posts as links, on the timeline and the post page, text still escaped', async () => {
    const text = 'receipt https://up.example/receipts/9?a=1&b=2. <i>x</i> @judy';
    const post = await (
      await t.app.request('/sandbox/x/_admin/posts', {
        method: 'POST',
        body: JSON.stringify({ username: 'nora', text }),
      })
    ).json();
    const link =
      '<a href="https://up.example/receipts/9?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">https://up.example/receipts/9?a=1&amp;b=2</a>.';
    for (const html of [
      await (await get('/home')).text(),
      await (await get(`/nora/status/${post.id}`)).text(),
    ]) {
      expect(html).toContain(
        `receipt ${link} &lt;i&gt;x&lt;/i&gt; <a href="/sandbox/x/judy">@judy</a>`,
      );
    }
  });

  it('answers unknown accounts and posts with a 404 page', async () => {
    expect((await get('/nobody_at_all')).status).toBe(404);
    expect((await get('/mia/status/123')).status).toBe(404);
    expect((await get('/a/b/c')).status).toBe(404);
  });
});

describe('editing a post on the web pages', () => {
  it('lets the author edit their post: a new version opens, the old page points to it', async () => {
    const { cookie } = await signIn('edna');
    const page = await (await get('/home', cookie)).text();
    await t.app.request(
      '/sandbox/x/compose/post',
      form({ text: 'first words', csrf: csrfOf(page), next: '/sandbox/x/home' }, cookie),
    );
    const [original] = await (await get('/_admin/posts')).json();
    const before = await (await get(`/edna/status/${original.id}`, cookie)).text();
    expect(before).toContain('Edit post (5 edits left)');

    const res = await t.app.request(
      '/sandbox/x/compose/edit',
      form({ id: original.id, text: 'second words', csrf: csrfOf(before) }, cookie),
    );
    expect(res.status).toBe(303);
    const [edited] = await (await get('/_admin/posts')).json();
    expect(edited).toMatchObject({ text: 'second words', author: { username: 'edna' } });
    expect(edited.id).not.toBe(original.id);
    expect(res.headers.get('location')).toBe(`/sandbox/x/edna/status/${edited.id}`);
    const after = await (await get(`/edna/status/${edited.id}`, cookie)).text();
    expect(after).toContain('Edit post (4 edits left)');
    expect(after).toContain('· Edited');
    const old = await (await get(`/edna/status/${original.id}`, cookie)).text();
    expect(old).toContain('There’s a new version of this post.');
    expect(old).not.toContain('Edit post (');
  });

  it('offers no edit box to someone else and refuses their edit', async () => {
    const post = await (
      await t.app.request('/sandbox/x/_admin/posts', {
        method: 'POST',
        body: JSON.stringify({ username: 'olga', text: 'mine alone' }),
      })
    ).json();
    const { cookie } = await signIn('pete');
    const page = await (await get(`/olga/status/${post.id}`, cookie)).text();
    expect(page).not.toContain('Edit post (');
    const res = await t.app.request(
      '/sandbox/x/compose/edit',
      form({ id: post.id, text: 'not yours', csrf: csrfOf(page) }, cookie),
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('You can only edit your own posts.');
    const [latest] = await (await get('/_admin/posts')).json();
    expect(latest.text).not.toBe('not yours');
  });
});
