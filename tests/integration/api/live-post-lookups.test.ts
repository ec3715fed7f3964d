import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';
import { listenLikeNpmStart } from '../../support/listening.ts';

/**
 * GET /api/tweet/{id} read X with the agent's token for any id: 950 random ids from one
 * anonymous client spent the agent's X read budget. Posts the product keeps (archive, receipts)
 * are now served from its database, and each address gets a few reads of X per 15 minutes.
 * Over real HTTP through the server `npm start` listens with (the limit is per address).
 */
const LOOKUPS = 5;
let t: AgentEnv;
let server: Awaited<ReturnType<typeof listenLikeNpmStart>>;
let xReads = 0;
let archived: { id: string };
let command: { id: string };

beforeAll(async () => {
  t = await startAgentEnv({ env: { RATE_LIMIT_TWEET_LOOKUPS_PER_15_MINUTES: String(LOOKUPS) } });
  await provisionSystemWallets(t.deps);
  await t.user('alice');
  await t.user('carol');
  await t.fund(await t.walletAddressOf('alice'), 'UP', '100');
  archived = await t.post('carol', 'A statement worth keeping.');
  command = await t.post('alice', '@UpsiderAgent fingerprint this', { inReplyToId: archived.id });
  await t.drain();
  await t.settle();
  // Every read of X from here on is one the routes made.
  const getTweet = t.deps.x.getTweet.bind(t.deps.x);
  t.deps.x.getTweet = (...args) => {
    xReads++;
    return getTweet(...args);
  };
  server = await listenLikeNpmStart(t.app);
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

const randomId = () => String(1_000_000_000 + Math.floor(Math.random() * 1e9));
const lookUp = (id: string, from: string) => server.send(`/api/tweet/${id}`, { from });

describe('GET /api/tweet/{id}', () => {
  it('serves the archived post and a command post from the database, without reading X', async () => {
    const fromArchive = await lookUp(archived.id, '127.0.0.31');
    expect(fromArchive.status).toBe(200);
    expect(JSON.parse(fromArchive.body).data).toMatchObject({
      id: archived.id,
      text: 'A statement worth keeping.',
      author: { username: 'carol' },
    });
    const fromReceipt = await lookUp(command.id, '127.0.0.31');
    expect(fromReceipt.status).toBe(200);
    expect(JSON.parse(fromReceipt.body).data).toMatchObject({
      id: command.id,
      text: '@UpsiderAgent fingerprint this',
      author: { username: 'alice' },
    });
    expect(xReads).toBe(0);
  });

  it('caps reads of X for unknown ids per address: 429 in the error shape, the budget kept', async () => {
    for (let i = 0; i < LOOKUPS; i++) {
      const res = await lookUp(randomId(), '127.0.0.32');
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body).error.code).toBe('tweet_not_found');
    }
    expect(xReads).toBe(LOOKUPS);
    for (let i = 0; i < 40; i++) {
      const res = await lookUp(randomId(), '127.0.0.32');
      expect(res.status).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(res.body).error.code).toBe('rate_limited');
    }
    const status = await server.send(`/api/tweet-status/${randomId()}`, { from: '127.0.0.32' });
    expect(status.status).toBe(429);
    expect(xReads).toBe(LOOKUPS);
    // Kept posts still show for that address; another address has its own budget.
    expect((await lookUp(archived.id, '127.0.0.32')).status).toBe(200);
    expect((await lookUp(randomId(), '127.0.0.33')).status).toBe(404);
    expect(xReads).toBe(LOOKUPS + 1);
  });
});
