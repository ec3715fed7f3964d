import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeSend } from '@/agent/commands/send/execute-send.ts';
import { agentConfirmations, transfers } from '@/db/schema/index.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';

/**
 * 'send all' must move exactly the amount that was previewed and
 * checked against the limits, even when money arrives in between.
 */
const UNIT = 100_000_000n;
let t: AgentEnv;
const tick = async () => {
  for (let i = 0; i < 3; i++) await t.agent.worker.tick();
};

async function walletOf(username: string) {
  const ask = await t.post(username, "@UpsiderAgent what's my address");
  await tick();
  return /DAG\w{37}/.exec((await t.repliesTo(ask.id))[0]!.text)![0];
}

beforeAll(async () => {
  t = await startAgentEnv({
    env: { AGENT_CONFIRM_ABOVE_UP: '50', AGENT_DAILY_MAX_UP: '1000', AGENT_MAX_SEND_UP: '1000' },
  });
  for (const name of ['carol', 'dave', 'erin', 'frank']) await t.user(name);
});
afterAll(() => t?.close());

describe("'send all'", () => {
  it('confirm sends exactly the previewed amount, not what arrived after the preview', async () => {
    const address = await walletOf('carol');
    await t.fund(address, 'UP', '500');
    const send = await t.post('carol', '@UpsiderAgent send all UP to @dave');
    await tick();
    const [preview] = await t.repliesTo(send.id);
    // The preview names the amount it fixes (500 minus the fee), not "all your UP".
    const shown = /About to send ([\d,.]+) UP/.exec(preview!.text)?.[1];
    expect(shown).toBeDefined();
    const [fixed] = await t.deps.db.select().from(agentConfirmations);
    const previewed = BigInt((fixed!.command as { amount: { units: string } }).amount.units);
    expect(Number(shown!.replaceAll(',', ''))).toBeCloseTo(Number(previewed) / 1e8, 2);

    await t.fund(address, 'UP', '600');
    await t.post('carol', '@UpsiderAgent confirm', { inReplyToId: preview!.id });
    await tick();
    const [sent] = await t.deps.db.select().from(transfers);
    expect(sent!.amount).toBe(previewed);
    expect(sent!.amount).toBeLessThan(500n * UNIT);
  });

  it('checks the limits on the amount it actually sends (money arriving during the send)', async () => {
    const address = await walletOf('erin');
    await t.fund(address, 'UP', '40');
    const engine = await t.agent.engine();
    const erin = {
      xUserId: (await t.deps.db.query.users.findFirst({
        where: (u, { eq }) => eq(u.username, 'erin'),
      }))!.xUserId,
      username: 'erin',
    };
    // 1,960 UP arrive right after the balance was read: the daily limit (1,000) was checked on
    // 40 UP, so the transfer must not move 2,000 UP.
    const wallets = {
      ...engine.wallets,
      async balances(addr: string) {
        const read = await engine.wallets.balances(addr);
        await t.fund(address, 'UP', '1960');
        return read;
      },
    };
    const outcome = await executeSend(
      { ...engine, wallets },
      {
        author: erin,
        command: { kind: 'send', token: 'UP', amount: 'all', to: { handle: 'frank' } },
        key: 'send-all-race',
        confirmed: false,
      },
    );
    expect(outcome.kind).toBe('sent');
    if (outcome.kind !== 'sent') return;
    expect(BigInt(outcome.amount)).toBeLessThanOrEqual(40n * UNIT);
  });
});
