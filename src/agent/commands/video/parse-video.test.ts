import { describe, expect, it } from 'vitest';
import { parseCommand } from '../grammar/parse.ts';

const ctx = { agentHandle: 'UpsiderAgent' };
const A = '@UpsiderAgent';

const VIDEO = [
  `${A} make a video of this`,
  `${A} make a video of this post`,
  `${A} Make a video about this!`,
  `hey ${A} please make a short promo video of this tweet`,
  `${A} make me a video`,
  `${A} create a promotional video for this`,
  `${A} generate a $UP video of this post please`,
  `${A} can you make a video of this?`,
  `${A} video promote this`,
  `${A} video promo this`,
  `${A} video this`,
  `${A} video`,
  `${A} promote this with a video`,
  `${A} promote this post as a video`,
  `${A} render a clip of this thanks`,
  `gm ${A} make a vid of this one pls`,
];

const NOT_VIDEO = [
  `${A} I love this video`,
  `${A} I made a video of this yesterday`,
  `${A} don't make a video of this`,
  `${A} never make a video of this`,
  `${A} make a video of @bob's post`,
  `${A} make a video of this and send 10 UP to @bob`,
  `${A} make a video of this and fingerprint it`,
  `${A} watch this video`,
  `${A} this video is great`,
  `${A} make a coffee`,
  `${A} promote this`,
  `@bob make a video of this`,
  `${A} what is a video`,
];

describe('the video command', () => {
  it.each(VIDEO)('%s → video', (text) => {
    expect(parseCommand(text, ctx)).toEqual({ kind: 'video' });
  });
  it.each(NOT_VIDEO)('%s → not a video', (text) => {
    expect(parseCommand(text, ctx).kind).not.toBe('video');
  });
});
