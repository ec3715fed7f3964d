import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '@/main/bootstrap.ts';
import { loadConfig } from '@/main/config.ts';
import type { LocalPost } from '@/sandbox/demo/local-x-driver.ts';

/**
 * The first-start demo on the real wiring (bootstrap, the sandbox, the agent's loops): every
 * step runs once and leaves records the product itself made.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-demo-'));
let app: Awaited<ReturnType<typeof bootstrap>>;

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '4399',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SANDBOX_SNAPSHOT_INTERVAL_MS: '300',
    AGENT_POLL_INTERVAL_MS: '200',
  });
  app = await bootstrap(config, { startAgentLoops: true });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('first-start demo', () => {
  it('runs every step through the agent, then nothing on the next start', async () => {
    const first = await app.startDemo();
    expect(first?.failed).toBeUndefined();
    expect(first?.ran).toContain('wallets');

    const posts = (await (
      await app.app.request('/sandbox/x/_admin/posts?limit=200')
    ).json()) as LocalPost[];
    const replies = posts.filter((p) => p.author.username === 'UpsiderAgent').map((p) => p.text);
    expect(replies.some((t) => /^Sent 120(\.00)? UP to bob/.test(t))).toBe(true);
    expect(replies.some((t) => /45\.50? UP to carol/.test(t))).toBe(true);

    // Three fingerprints in the archive, one of a post its author deleted afterwards.
    expect(first?.ran).toContain('evidence');
    const archive = await (await app.app.request('/api/digital-evidence')).json();
    expect(archive.total).toBe(3);
    const gone = archive.entries.find((e: { tweetContent: string }) =>
      e.tweetContent.startsWith('Hot take'),
    );
    expect(
      (await (await app.app.request(`/api/tweet-status/${gone.tweetId}`)).json()).available,
    ).toBe(false);

    // Two plans bought by posting to the agent.
    expect(first?.ran).toContain('subscriptions');
    const premium = await (await app.app.request('/api/premium-users')).json();
    const tierOf = (name: string) =>
      premium.users.find((u: { username: string }) => u.username === name)?.subscription_tier;
    expect([tierOf('alice'), tierOf('dana')]).toEqual(['premium', 'pro']);

    // The bot's own reasoning on two positions; settled losers and unpriced ones stay without.
    expect(first?.ran).toContain('portfolio');
    type Row = { current_price: number | null; ai_analysis?: { truncated?: boolean } | null };
    const book = (await (await app.app.request('/api/polymarket/portfolio')).json()) as {
      positions: Row[];
    };
    expect(book.positions.filter((p) => p.ai_analysis).length).toBeGreaterThanOrEqual(2);
    expect(book.positions.some((p) => p.ai_analysis?.truncated)).toBe(true);
    const stayWithout = book.positions.filter(
      (p) => p.current_price === null || p.current_price === 0,
    );
    expect(stayWithout.length).toBeGreaterThan(0);
    for (const p of stayWithout) expect(p.ai_analysis ?? null).toBeNull();
    // An analysis and a promotion, made by the agent through the LLM twin.
    expect(first?.ran).toContain('analysis-promotion');
    const localPosts = async () =>
      (await (await app.app.request('/sandbox/x/_admin/posts?limit=200')).json()) as LocalPost[];
    const agentPosts = (await localPosts()).filter((p) => p.author.username === 'UpsiderAgent');
    const analysisLink = agentPosts.map((p) => p.text).find((t) => t.includes('/analyses/'));
    expect(analysisLink).toMatch(/^Sandbox AI analysis of \$UP: .*Free \(premium allowance\)/);
    const id = /\/analyses\/([0-9a-f-]{36})/.exec(analysisLink!)![1];
    const analysis = await (await app.app.request(`/api/analyses/${id}`)).json();
    expect(analysis).toMatchObject({ token: 'UP', requester: 'alice', sandbox: true });
    // Self-serve X access (the default) allows no quote posts: Dana's "quote this" is answered
    // in a reply to her with the line and the link to Bob's post (decision 0043).
    expect(agentPosts.filter((p) => p.quotedId !== null)).toHaveLength(0);
    expect(agentPosts.some((p) => p.text.startsWith('Promoted in this reply'))).toBe(true);
    // A scored day of quality-post rewards: three posts paid, the bait and the new account not.
    expect(first?.ran).toContain('post-rewards');
    const day = await (await app.app.request('/api/rewards/posts')).json();
    const byUser = (name: string) =>
      day.posts.find((p: { username: string }) => p.username === name);
    expect(['alice', 'bob', 'dana'].map((n) => byUser(n)?.state)).toEqual(['paid', 'paid', 'paid']);
    expect(byUser('mallory')?.excludedBy).toBe('spam');
    expect(byUser('newbie')?.excludedBy).toBe('account_too_new');
    // Found by its $UP cashtag alone (no mention of the agent), paid, and told under the post
    // gina then addressed to the agent (self-serve: no quote post, decision 0043).
    expect(byUser('gina')).toMatchObject({ foundBy: 'cashtag', state: 'paid' });
    expect(byUser('ringo')?.excludedBy).toBe('engagement_from_few_accounts');
    const ginaPost = byUser('gina').postId;
    const told = (await localPosts()).filter(
      (p) => p.author.username === 'UpsiderAgent' && p.text.includes(`#post-${ginaPost}`),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toMatch(/^Your \$UP post earned/);
    // One promotion video, posted by the agent with the video attached, free for premium alice.
    expect(first?.ran).toContain('video');
    const after = (await (
      await app.app.request('/sandbox/x/_admin/posts?limit=200')
    ).json()) as (LocalPost & { mediaIds: string[] })[];
    const video = after.find((p) => p.author.username === 'UpsiderAgent' && p.mediaIds.length);
    expect(video?.text).toMatch(/^Your \$UP promotion video of bob's post/);
    const file = await app.app.request(`/sandbox/x/media/${video!.mediaIds[0]}.mp4`);
    expect(file.headers.get('content-type')).toBe('video/mp4');

    expect(await app.startDemo()).toEqual({ ran: [] });
  }, 300_000);

  it('is off with SANDBOX_DEMO=false', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SANDBOX_DEMO: 'false' });
    expect(config.sandboxDemo).toBe(false);
  });
});
