import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentEnv, offsetClock, startAgentEnv } from '../../../support/agent-env.ts';

/** GET /api/receipts/:id for each outcome: its time, its label, its links. */
const clock = offsetClock();
let t: AgentEnv;
const receiptOf = async (postId: string) => {
  const res = await t.call('GET', `/api/receipts/${postId}`);
  expect(res.status).toBe(200);
  return res.body;
};
const postedAtOf = async (postId: string) =>
  (
    (await t.call('GET', '/sandbox/x/_admin/posts')).body as { id: string; createdAt: string }[]
  ).find((p) => p.id === postId)!.createdAt;

beforeAll(async () => {
  t = await startAgentEnv({ now: clock.now });
  await t.user('rita');
  await t.fund(await t.walletAddressOf('rita'), 'UP', '100');
  // A whole product in-process: slow on a busy machine.
}, 180_000);
afterAll(() => t?.close());

describe('receipts', () => {
  it('carry the post’s own time, not when the agent read it', async () => {
    const post = await t.post('rita', '@UpsiderAgent balance');
    // The agent reads it two minutes later (X was down, the agent restarted…).
    clock.advance(120_000);
    await t.drain();
    const receipt = await receiptOf(post.id);
    expect(receipt.postedAt).toBe(await postedAtOf(post.id));
    const readLater = Date.parse(receipt.receivedAt) - Date.parse(receipt.postedAt);
    expect(readLater).toBeGreaterThanOrEqual(120_000);
    expect(receipt.result).toBe('done');
    expect(receipt.reason).toBeNull();
  }, 120_000);

  it('link every transaction of a send to its explorer page by hash', async () => {
    const post = await t.post('rita', '@UpsiderAgent send 5 UP to @bob');
    await t.drain();
    await t.settle();
    const receipt = await receiptOf(post.id);
    expect(receipt.result).toBe('done');
    expect(receipt.transfer.state).toBe('confirmed');
    expect(receipt.transactions.length).toBeGreaterThanOrEqual(1);
    const explorer = `${t.config.publicUrl}/sandbox/constellation/explorer/transactions/`;
    for (const tx of receipt.transactions) {
      expect(tx.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(tx.explorerUrl).toBe(`${explorer}${tx.hash}`);
      // The link opens the local explorer's page of that very transaction.
      const page = await t.app.request(tx.explorerUrl);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(tx.hash);
    }
  }, 120_000);

  it('label a refusal refused, with the reason, and move nothing', async () => {
    const post = await t.post('rita', '@UpsiderAgent send 5 BTC to @bob');
    await t.drain();
    const receipt = await receiptOf(post.id);
    expect(receipt.result).toBe('refused');
    expect(receipt.reason).toMatch(/BTC/);
    expect(receipt.transfer).toBeNull();
    expect(receipt.transactions).toEqual([]);
  }, 120_000);
});
