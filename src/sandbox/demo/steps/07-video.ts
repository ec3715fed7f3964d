import type { DemoStep } from '../step.ts';

/**
 * Video promotion: alice (premium since the previous step: one free video a day) quotes a post
 * and asks the agent for a video; the agent renders it, uploads it to the local X in chunks and
 * replies with it, so its receipt page and the local X timeline play a real video.
 */
export const videoStep: DemoStep = {
  name: 'video',
  async run({ x, agent }) {
    const target = await x.post(
      'bob',
      '$UP holders: the bridge is live 🚀 Send UP between Constellation and Base in minutes.',
    );
    const ask = await x.post('alice', `@${agent} make a video of this`, { quotedId: target.id });
    // A render takes seconds of CPU; the reply carrying the video follows the upload.
    await x.waitForReply(ask.id, 180_000);
  },
};
