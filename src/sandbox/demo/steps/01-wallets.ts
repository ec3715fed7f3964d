import type { DemoStep } from '../step.ts';

/**
 * People start using the product: wallets funded from the faucet, addresses and balances asked
 * for, UP sent between users, including to someone who has never used the product (@carol, who
 * gets a wallet from her handle alone). Every reply is the agent's own.
 */
export const walletsStep: DemoStep = {
  name: 'wallets',
  async run({ x, agent, fund }) {
    for (const username of ['alice', 'bob', 'carol', 'dana', 'erik']) await x.user(username);
    await fund('alice', 'UP', '2500');
    await fund('dana', 'UP', '1200');
    await fund('erik', 'UP', '300');
    const posts = [
      await x.post('alice', `@${agent} what's my address`),
      await x.post('bob', `@${agent} balance`),
      await x.post('alice', `@${agent} send 120 UP to @bob`),
      await x.post('dana', `@${agent} send 45.5 UP to @carol`),
      await x.post('erik', `@${agent} send 20 UP to @alice`),
    ];
    for (const post of posts) await x.waitForReply(post.id);
  },
};
