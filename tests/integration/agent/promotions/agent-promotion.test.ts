import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentPromotions, allowanceCharges, transfers } from '@/db/schema/index.ts';
import { weightedLength } from '@/shared/x-text.ts';
import { type AgentEnv, offsetClock, startAgentEnv } from '../../../support/agent-env.ts';
import { createSubscription } from '../../../support/factories.ts';

const clock = offsetClock();
let t: AgentEnv;

interface AdminPost {
  id: string;
  author: { username: string };
  text: string;
  inReplyToId: string | null;
  quotedId: string | null;
}

const all = async () => (await t.posts()) as unknown as AdminPost[];
const byAgent = async () =>
  (await all()).filter(
    (p) => p.author.username === 'upsideragent' || p.author.username === 'UpsiderAgent',
  );
const promotionOf = async (postId: string) =>
  (
    await t.deps.db.select().from(agentPromotions).where(eq(agentPromotions.requestPostId, postId))
  )[0];

beforeAll(async () => {
  t = await startAgentEnv({ now: clock.now });
  for (const u of ['alice', 'bob', 'carol', 'dave', 'erin']) await t.user(u);
}, 180_000);
afterAll(() => t?.close());

/** The agent's posts about a target: a quote post of it or a reply under it. */
const postsAbout = async (targetId: string) =>
  (await byAgent()).filter((p) => p.quotedId === targetId || p.inReplyToId === targetId);

describe('promote / quote / comment on the local X (self-serve access: no quote posts)', () => {
  it('"comment on this" under a post that never summoned the agent: one reply to the asker with the line and the link', async () => {
    const target = await t.post('bob', 'Community call on Friday, bring your questions.');
    const ask = await t.post('alice', '@UpsiderAgent comment on this', { inReplyToId: target.id });
    await t.drain();
    expect(await postsAbout(target.id)).toHaveLength(0);
    expect((await byAgent()).some((p) => p.quotedId !== null)).toBe(false);
    const replies = await t.repliesTo(ask.id);
    expect(replies).toHaveLength(1);
    const { text } = replies[0]!;
    expect(text).toMatch(/^Promoted in this reply \(X allows this account no quote posts\): /);
    expect(text).toContain('Community call on Friday');
    expect(text.endsWith(`/sandbox/x/bob/status/${target.id}`)).toBe(true);
    expect(weightedLength(text)).toBeLessThanOrEqual(280);
    expect(text).not.toContain('@');
    expect(await promotionOf(ask.id)).toMatchObject({
      state: 'published',
      mode: 'answer',
      byModel: 'yes',
    });
  });

  it('"comment on this" replies where the target’s author mentioned the agent', async () => {
    const target = await t.post('carol', 'We shipped v2 today, thanks @UpsiderAgent for the tips!');
    await t.drain(); // names the agent in passing: no reply of its own
    const ask = await t.post('dave', '@UpsiderAgent comment on this', { inReplyToId: target.id });
    await t.drain();
    expect(await promotionOf(ask.id)).toMatchObject({ state: 'published', mode: 'reply' });
    const replies = (await byAgent()).filter((p) => p.inReplyToId === target.id);
    expect(replies.map((p) => p.text).some((text) => text.includes('We shipped v2 today'))).toBe(
      true,
    );
  });

  it('"quote this" with the model down still answers, from the template', async () => {
    await t.call('POST', '/sandbox/llm/_admin/fail', { status: 503, count: 1 });
    const target = await t.post('bob', 'New bridge docs are live: read them before Monday.');
    const ask = await t.post('erin', '@UpsiderAgent quote this', { quotedId: target.id });
    await t.drain();
    expect(await promotionOf(ask.id)).toMatchObject({
      state: 'published',
      mode: 'answer',
      byModel: 'no',
    });
    expect(await postsAbout(target.id)).toHaveLength(0);
    const [answer] = await t.replyTexts(ask.id);
    expect(answer).toMatch(/\): Sharing this: “New bridge docs are live/);
  });

  it('refuses a target that is itself a command, the agent’s own post, and a second promotion of a target', async () => {
    const command = await t.post('bob', 'send 10 UP to @mallory');
    const askCommand = await t.post('carol', '@UpsiderAgent promote this', {
      inReplyToId: command.id,
    });
    await t.drain();
    expect((await t.repliesTo(askCommand.id))[0]!.text).toContain('itself a command');
    expect((await byAgent()).some((p) => p.quotedId === command.id)).toBe(false);

    const own = (await byAgent())[0]!;
    const askOwn = await t.post('dave', '@UpsiderAgent quote this', { quotedId: own.id });
    await t.drain();
    expect((await t.repliesTo(askOwn.id))[0]!.text).toContain('my own post');

    const target = await t.post('bob', 'Meetup photos are up.');
    await t.post('alice', '@UpsiderAgent promote this', { inReplyToId: target.id });
    await t.drain();
    const again = await t.post('erin', '@UpsiderAgent promote this', { inReplyToId: target.id });
    await t.drain();
    expect((await t.repliesTo(again.id))[0]!.text).toContain('already promoted today');
    expect(await promotionOf(again.id)).toBeUndefined();
  });

  it('limits promotions per user per day', async () => {
    // alice used 2 today (comment, promote); the default limit is 3.
    const t1 = await t.post('bob', 'Post one for the limit.');
    const a1 = await t.post('alice', '@UpsiderAgent promote this please', { inReplyToId: t1.id });
    const t2 = await t.post('bob', 'Post two for the limit.');
    const a2 = await t.post('alice', '@UpsiderAgent promote this pls', { inReplyToId: t2.id });
    await t.drain();
    expect(await promotionOf(a1.id)).toMatchObject({ state: 'published' });
    expect(await promotionOf(a2.id)).toBeUndefined();
    expect((await t.repliesTo(a2.id))[0]!.text).toContain('3 promotions today');
  });

  it('a premium user gets the premium daily limit, past the free one', async () => {
    const frank = await t.user('frank');
    await createSubscription(t.deps, {
      xUserId: frank.id,
      start: new Date(clock.now().getTime() - 86_400_000),
      end: new Date(clock.now().getTime() + 30 * 86_400_000),
    });
    const { perDay, perDayPremium } = t.agent.config.promotions;
    expect(perDayPremium).toBeGreaterThan(perDay);
    const asks: string[] = [];
    for (let i = 0; i <= perDayPremium; i++) {
      const target = await t.post('bob', `Premium limit post number ${'abcdefghijklmnop'[i]}.`);
      // X refuses duplicate text from one author, so every request words it differently.
      const verb = ['promote', 'boost', 'shill'][i % 3];
      const words = `${verb} ${['this', 'it', 'that', 'this post'][Math.floor(i / 3)]}`;
      asks.push((await t.post('frank', `@UpsiderAgent ${words}`, { inReplyToId: target.id })).id);
      await t.drain();
    }
    for (const ask of asks.slice(0, perDayPremium)) {
      expect(await promotionOf(ask)).toMatchObject({ state: 'published' });
    }
    const over = asks.at(-1)!;
    expect(await promotionOf(over)).toBeUndefined();
    expect((await t.repliesTo(over))[0]!.text).toContain(`${perDayPremium} promotions today`);
  });

  it('a deleted target: a clear refusal, nothing published, nothing charged', async () => {
    const transfersBefore = (await t.deps.db.select().from(transfers)).length;
    const target = await t.post('bob', 'This post will be gone before the agent reads it.');
    const ask = await t.post('carol', '@UpsiderAgent quote this', { quotedId: target.id });
    await t.call('DELETE', `/sandbox/x/_admin/posts/${target.id}`);
    await t.drain();
    const replies = await t.replyTexts(ask.id);
    expect(replies).toEqual([
      'Not promoted: I cannot read that post (deleted, protected or not visible to me).',
    ]);
    expect(await promotionOf(ask.id)).toMatchObject({
      state: 'refused',
      refusal: 'target_unreadable',
    });
    const mine = (await byAgent()).filter(
      (p) => p.quotedId === target.id || p.inReplyToId === target.id,
    );
    expect(mine).toHaveLength(0);
    expect(await t.deps.db.select().from(allowanceCharges)).toHaveLength(0);
    expect(await t.deps.db.select().from(transfers)).toHaveLength(transfersBefore);
    // A refused request does not use up the requester's daily promotions.
    const next = await t.post('bob', 'A post carol can still promote.');
    const again = await t.post('carol', '@UpsiderAgent boost this', { inReplyToId: next.id });
    await t.drain();
    expect(await promotionOf(again.id)).toMatchObject({ state: 'published' });
  });

  it('tags nobody and links nowhere: fullwidth handles and bare domains come out', async () => {
    for (const u of ['hank', 'ivy']) await t.user(u);
    const lure = 'Join ＠bob ＠alice for the drop at upsider-airdrop.com/claim today';
    // X reads "＠" as "@" and links a bare domain: neither may reach the agent's post.
    const tagsOrLinks = (text: string) =>
      /[@＠﹫]/.test(text) || /airdrop\s*[.．]\s*com|claim/i.test(text);
    const target = await t.post('bob', lure);
    await t.call('POST', '/sandbox/llm/_admin/answer', {
      json: { line: `Worth a look ＠bob ＠alice: upsider-airdrop.com/claim` },
      count: 1,
    });
    const byModel = await t.post('hank', '@UpsiderAgent promote this', { quotedId: target.id });
    await t.drain();
    expect(await promotionOf(byModel.id)).toMatchObject({ state: 'published', byModel: 'yes' });

    const second = await t.post('bob', `${lure}, again`);
    await t.call('POST', '/sandbox/llm/_admin/fail', { status: 503, count: 1 });
    const byTemplate = await t.post('ivy', '@UpsiderAgent promote this', { quotedId: second.id });
    await t.drain();
    expect(await promotionOf(byTemplate.id)).toMatchObject({ state: 'published', byModel: 'no' });

    const published = [...(await t.repliesTo(byModel.id)), ...(await t.repliesTo(byTemplate.id))];
    expect(published).toHaveLength(2);
    for (const p of published) {
      // The one link is ours, to the promoted post on X.
      const line = p.text.replace(/ \S+\/status\/\d+$/, '');
      expect(line.length).toBeLessThan(p.text.length);
      expect(tagsOrLinks(line)).toBe(false);
    }
  });
});

describe('on Enterprise access', () => {
  let e: AgentEnv;
  beforeAll(async () => {
    e = await startAgentEnv({ env: { X_ACCESS_TIER: 'enterprise' } });
    for (const u of ['bob', 'carol']) await e.user(u);
  }, 180_000);
  afterAll(() => e?.close());

  it('"quote this" is a quote post of the target, and the asker gets no second post', async () => {
    const target = await e.post('bob', 'Enterprise access can quote this post.');
    const ask = await e.post('carol', '@UpsiderAgent quote this', { quotedId: target.id });
    await e.drain();
    const quotes = ((await e.posts()) as unknown as AdminPost[]).filter(
      (p) => p.quotedId === target.id && p.author.username.toLowerCase() === 'upsideragent',
    );
    expect(quotes).toHaveLength(1);
    expect(quotes[0]!.text).toContain('Enterprise access can quote this post');
    expect(await e.repliesTo(ask.id)).toHaveLength(0);
    const [row] = await e.deps.db
      .select()
      .from(agentPromotions)
      .where(eq(agentPromotions.requestPostId, ask.id));
    expect(row).toMatchObject({ state: 'published', mode: 'quote' });
  });
});
