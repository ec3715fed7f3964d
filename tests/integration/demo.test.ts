import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../src/main/bootstrap.ts';
import { loadConfig } from '../../src/main/config.ts';
import type { LocalPost } from '../../src/sandbox/demo/local-x-driver.ts';

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
    expect(replies.some((t) => /^Sent 120(\.00)? UP to @bob/.test(t))).toBe(true);
    expect(replies.some((t) => /45\.50? UP to @carol/.test(t))).toBe(true);

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

    expect(await app.startDemo()).toEqual({ ran: [] });
  }, 180_000);

  it('is off with SANDBOX_DEMO=false', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SANDBOX_DEMO: 'false' });
    expect(config.sandboxDemo).toBe(false);
  });
});
