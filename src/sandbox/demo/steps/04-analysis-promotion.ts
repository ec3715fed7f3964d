import type { DemoStep } from '../step.ts';

/**
 * AI on request: Alice (premium since the previous step: a free analysis from her allowance)
 * asks the agent what it thinks of $UP and gets a link to the full analysis, written by the local
 * LLM from the product's own figures; Dana asks the agent to quote Bob's announcement. Bob never
 * mentioned the agent, so X allows no reply under it; on self-serve X access (the default) X
 * allows no quote post either, so Dana gets the promotion line and the link to Bob's post in a
 * reply to her own post (decision 0043); on Enterprise access it is a quote post.
 */
export const analysisPromotionStep: DemoStep = {
  name: 'analysis-promotion',
  async run({ x, agent }) {
    const ask = await x.post('alice', `@${agent} what do you think of $UP?`);
    await x.waitForReply(ask.id, 60_000);
    const target = await x.post(
      'bob',
      'UP community AMA on Thursday 17:00 UTC: roadmap, the Base bridge and your questions.',
    );
    const promote = await x.post('dana', `@${agent} quote this`, { inReplyToId: target.id });
    await x.waitForPromotion({ askId: promote.id, targetId: target.id }, 60_000);
  },
};
