import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';
import { CookieJar, signIn } from '../../support/sign-in.ts';

/**
 * One view of a wallet: the send reply, 'balance' before the next snapshot, after a snapshot the
 * reconciler has not seen yet, and after it has, all name the same amount (decision 0012: answers
 * used to go 188.44 → 189.45 → 188.44).
 */
let t: AgentEnv;
const ask = async (username: string, text: string) => {
  const post = await t.post(username, text);
  await t.drain();
  const [reply] = await t.repliesTo(post.id);
  return reply!.text;
};
const upIn = (text: string) => /(?:balance: |Your balance: )([\d,.]+) UP/.exec(text)?.[1];

let aliceAddress: string;
beforeAll(async () => {
  t = await startAgentEnv();
  await provisionSystemWallets(t.deps);
  await t.user('alice');
  await t.user('bob');
  // bob has signed in: the send reply carries no return date (decision 0048), only the balance.
  await signIn(t.app, new CookieJar(), 'bob');
  const reply = await ask('alice', "@UpsiderAgent what's my address");
  aliceAddress = /DAG\d[1-9A-HJ-NP-Za-km-z]{36}/.exec(reply)![0];
  await t.fund(aliceAddress, 'UP', '200');
});
afterAll(() => t?.close());

describe('balance answers after a send', () => {
  it('never show money coming back, whatever the snapshot and reconciler have seen', async () => {
    const sent = await ask('alice', '@UpsiderAgent send 5 UP to @bob');
    expect(sent).toMatch(/^Sent 5\.00 UP to bob \(fee 0\.025 UP\)\. Your balance: 194\.98 UP\./);

    // X refuses duplicate posts: each question is worded a little differently.
    expect(upIn(await ask('alice', '@UpsiderAgent balance'))).toBe('194.98');
    await t.snapshot(); // the network now counts the send; the reconciler has not looked yet
    expect(upIn(await ask('alice', '@UpsiderAgent balance please'))).toBe('194.98');
    await t.settle();
    expect(upIn(await ask('alice', "@UpsiderAgent what's my balance"))).toBe('194.98');

    const bob = await ask('bob', '@UpsiderAgent balance');
    expect(upIn(bob)).toBe('5.00');
  });
});
