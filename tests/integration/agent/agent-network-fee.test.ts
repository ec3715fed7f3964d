import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transfers } from '@/db/schema/index.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';

// integrations.md §3.3: the network refuses fee-less transactions beyond its rate limit; a
// 3 UP wallet a few snapshots in may not send one. The product pays the 0.002 minimum per leg.
const UNIT = 100_000_000n;
const MIN_FEE = 200_000n;
let t: AgentEnv;

const drain = async () => {
  for (let i = 0; i < 5; i++) await t.agent.worker.tick();
};
const balanceOf = async (address: string) => {
  const res = await t.call('GET', `/sandbox/constellation/up-l0/currency/${address}/balance`);
  return BigInt(res.body.balance);
};

beforeAll(async () => {
  t = await startAgentEnv({
    env: {
      SANDBOX_FEE_LESS_LIMIT: 'on',
      // A young network: a small wallet's first fee-less send is limited there.
      SANDBOX_CONSTELLATION_START_ORDINAL: '0',
      AGENT_CONFIRM_ABOVE_UP: '50',
    },
  });
  await t.user('alice');
  await t.user('bob');
});
afterAll(() => t?.close());

describe('the network fee-less rate limit, end to end', () => {
  it('a 3 UP wallet sends 1 UP twice in a row: both arrive in full, the sender pays the fees', async () => {
    const alice = await t.walletAddressOf('alice');
    const bob = await t.walletAddressOf('bob');
    await t.fund(alice, 'UP', '3');

    const first = await t.post('alice', '@UpsiderAgent send 1 UP to @bob');
    await drain();
    // X refuses a duplicate post: the same command, worded once more.
    const second = await t.post('alice', '@UpsiderAgent send 1.00 UP to @bob');
    await drain();
    await t.settle();

    for (const p of [first, second]) {
      const [reply] = await t.replyTexts(p.id);
      expect(reply).toMatch(/^Sent 1\.00 UP to bob \(fee 0\.005 UP, network fee 0\.004 UP\)\./);
      const [row] = await t.deps.db
        .select()
        .from(transfers)
        .where(eq(transfers.idempotencyKey, p.id));
      expect(row?.state).toBe('confirmed');
      const receipt = await t.call('GET', `/api/receipts/${p.id}`);
      expect(receipt.body.transfer.networkFee).toBe(String(2n * MIN_FEE));
      expect(receipt.body.transactions.map((x: { networkFee: string }) => x.networkFee)).toEqual([
        String(MIN_FEE),
        String(MIN_FEE),
      ]);
    }
    expect(await balanceOf(bob)).toBe(2n * UNIT);
    // 3 − 2 × (1 + 0.005 fee + 2 × 0.002 network fee)
    expect(await balanceOf(alice)).toBe(3n * UNIT - 2n * (UNIT + 500_000n + 2n * MIN_FEE));
  });

  it("'send all' from a small wallet leaves room for the network fee and arrives in full", async () => {
    await t.user('carol');
    await t.user('dave');
    const carol = await t.walletAddressOf('carol');
    const dave = await t.walletAddressOf('dave');
    await t.fund(carol, 'UP', '3');
    const p = await t.post('carol', '@UpsiderAgent send all UP to @dave');
    await drain();
    await t.settle();
    const [reply] = await t.replyTexts(p.id);
    expect(reply).toMatch(/^Sent [\d.]+ UP to dave \(fee [\d.]+ UP, network fee 0\.004 UP\)\./);
    const [row] = await t.deps.db
      .select()
      .from(transfers)
      .where(eq(transfers.idempotencyKey, p.id));
    expect(row?.state).toBe('confirmed');
    expect(await balanceOf(dave)).toBe(row!.amount);
    const left = await balanceOf(carol);
    expect(left).toBe(3n * UNIT - row!.amount! - row!.fee! - 2n * MIN_FEE);
    expect(left).toBeLessThan(2n);
  });

  it('a preview names the network fee the send may pay, and the confirmed send pays no more', async () => {
    await t.user('erin');
    await t.user('frank');
    const erin = await t.walletAddressOf('erin');
    await t.fund(erin, 'UP', '100');
    const ask = await t.post('erin', '@UpsiderAgent send 60 UP to @frank');
    await drain();
    const [preview] = await t.replyTexts(ask.id);
    expect(preview).toMatch(
      /^About to send 60\.00 UP to frank \(fee 0\.30 UP, network fee up to 0\.004 UP\): at most 60\.304 UP in all\./,
    );
    const yes = await t.post('erin', '@UpsiderAgent confirm', { inReplyToId: ask.id });
    await drain();
    const [sent] = await t.replyTexts(yes.id);
    expect(sent).toMatch(/^Sent 60\.00 UP to frank \(fee 0\.30 UP(, network fee 0\.004 UP)?\)\./);
  });
});
