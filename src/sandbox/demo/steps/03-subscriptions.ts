import type { DemoStep } from '../step.ts';

/**
 * Premium: two users buy a plan by posting to the agent (paid in UP at the local market's
 * price), so /premium lists subscribers and the leaderboard marks who can earn rewards.
 */
export const subscriptionsStep: DemoStep = {
  name: 'subscriptions',
  async run({ x, agent }) {
    const posts = [
      await x.post('alice', `@${agent} subscribe premium monthly`),
      await x.post('dana', `@${agent} upgrade to pro for 3 months`),
    ];
    for (const post of posts) await x.waitForReply(post.id);
  },
};
