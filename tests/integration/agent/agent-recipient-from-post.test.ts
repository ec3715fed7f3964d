import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';

/**
 * Decision 0071: the account a post mentions comes with the post (X's `entities.mentions.username`
 * expansion), so a send or a balance for @someone asks X nothing more. A viral hour's sends spent
 * the user-lookup window (900 per 15 minutes) and waited for it.
 */
let t: AgentEnv;
let alice: string;

beforeAll(async () => {
  t = await startAgentEnv();
  alice = await t.walletAddressOf('alice');
  await t.fund(alice, 'UP', '100');
  await t.walletAddressOf('bob');
});
afterAll(() => t?.close());

async function ask(text: string) {
  const post = await t.post('alice', `@UpsiderAgent ${text}`);
  await t.drain();
  return (await t.replyTexts(post.id))[0] ?? '';
}

describe('an account the post mentions', () => {
  it('is paid and shown while X refuses every user lookup', async () => {
    await t.fault({ path: '/2/users/by/*', status: 503, count: 1000 });
    try {
      expect(await ask('send 5 UP to @bob')).toMatch(/^Sent 5.00 UP to bob /);
      await t.settle();
      expect(await ask('balance @bob')).toMatch(/bob.*5.00 UP/s);
    } finally {
      await t.clearFaults();
    }
  });

  it('is looked up when X left it out of the post (suspended): refused, nothing moves', async () => {
    await t.user('dark_now');
    await t.call('POST', '/sandbox/x/_admin/users/dark_now/suspend');
    expect(await ask('send 5 UP to @dark_now')).toMatch(
      /dark_now is suspended on X.*Nothing moved/,
    );
  });
});
