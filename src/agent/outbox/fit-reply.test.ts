import { describe, expect, it } from 'vitest';
import { MAX_WEIGHTED_LENGTH, weightedLength } from '../../shared/x-text.ts';
import { fitReply } from './fit-reply.ts';

describe('fitReply', () => {
  it('keeps a receipt named by its number whole when the text before it is cut', () => {
    const text = `${'Sorry, that did not work. '.repeat(15)}Receipt #1890000000000000001`;
    const fitted = fitReply(text);
    expect(weightedLength(fitted)).toBeLessThanOrEqual(MAX_WEIGHTED_LENGTH);
    expect(fitted.endsWith('… Receipt #1890000000000000001')).toBe(true);
  });
});
