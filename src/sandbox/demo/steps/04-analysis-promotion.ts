import type { DemoStep } from '../step.ts';

/**
 * AI on request: Alice (premium since the previous step: a free analysis from her allowance)
 * asks the agent what it thinks of $UP and gets a link to the full analysis, written by the local
 * LLM from the product's own figures; Dana asks the agent to quote Bob's announcement, which it
 * does as a quote post (Bob never mentioned the agent, so X would not allow a reply).
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
    await x.post('dana', `@${agent} quote this`, { inReplyToId: target.id });
    await x.waitForQuoteOf(target.id, 60_000);
  },
};
