import { describe, expect, it } from 'vitest';
import { parseCommand } from '../grammar/parse.ts';

const parse = (text: string) =>
  parseCommand(`@UpsiderAgent ${text}`, { agentHandle: 'UpsiderAgent' });

describe('subscribe grammar', () => {
  it.each([
    ['subscribe premium monthly', 'premium', 1],
    ['subscribe to premium', 'premium', 1],
    ['please subscribe me to pro', 'pro', 1],
    ['upgrade to pro for 12 months', 'pro', 12],
    ['buy premium yearly', 'premium', 12],
    ['buy the premium plan for one year', 'premium', 12],
    ['renew my premium for 3 months', 'premium', 3],
    ['subscribe premium for six months', 'premium', 6],
    ['Subscribe PREMIUM Annual', 'premium', 12],
  ] as const)('"%s" → %s for %i months', (text, tier, months) => {
    expect(parse(text)).toEqual({ kind: 'subscribe', tier, months });
  });

  it.each([
    'subscribe',
    'buy 10 UP',
    'buy premium?',
    'should I subscribe to premium',
    "don't subscribe me to premium",
    'subscribe premium monthly for 3 months',
    'subscribe pro premium',
    'subscribe premium for 3',
    'subscribe premium tomorrow',
    'subscribe @bob to premium',
    'subscribe premium and send 5 UP to @bob',
  ])('"%s" buys nothing', (text) => {
    expect(parse(text).kind).not.toBe('subscribe');
  });

  it('a plan longer than a year is refused with a reason', () => {
    expect(parse('subscribe premium for 24 months')).toEqual({
      kind: 'invalid',
      reason: 'plan_length',
    });
  });
});
