import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from './seed.ts';

const draws = (stream: string) => Array.from({ length: 5 }, seededRandom(stream));

describe('seededRandom', () => {
  const before = process.env.TEST_SEED;
  afterEach(() => {
    if (before === undefined) delete process.env.TEST_SEED;
    else process.env.TEST_SEED = before;
  });

  it('replays the same draws from the same TEST_SEED and stream', () => {
    process.env.TEST_SEED = '42';
    const first = draws('kills');
    expect(draws('kills')).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('draws differently for another stream or another seed', () => {
    process.env.TEST_SEED = '42';
    const kills = draws('kills');
    expect(draws('delays')).not.toEqual(kills);
    process.env.TEST_SEED = '43';
    expect(draws('kills')).not.toEqual(kills);
  });
});
