import { describe, expect, it } from 'vitest';
import { summonsAgent, withoutMentions } from './summons.ts';

const post = (text: string, repliesToAgent = false, quotesAgent = false) => ({
  text,
  repliesToAgent,
  quotesAgent,
});

describe('summonsAgent', () => {
  it('counts an explicit mention, any case, and a quote of the agent', () => {
    expect(summonsAgent(post('@upsideragent balance'), 'UpsiderAgent')).toBe(true);
    expect(summonsAgent(post('gm @UpsiderAgent'), 'UpsiderAgent')).toBe(true);
    expect(summonsAgent(post('nice', false, true), 'UpsiderAgent')).toBe(true);
    expect(summonsAgent(post('hi @UpsiderAgentX'), 'UpsiderAgent')).toBe(false);
    expect(summonsAgent(post('mail me@UpsiderAgent'), 'UpsiderAgent')).toBe(false);
  });

  it("in a reply to the agent, a mention only in X's leading handle run does not count", () => {
    expect(summonsAgent(post('@UpsiderAgent confirm', true), 'UpsiderAgent')).toBe(false);
    expect(summonsAgent(post('@bob @UpsiderAgent confirm', true), 'UpsiderAgent')).toBe(false);
    expect(summonsAgent(post('@UpsiderAgent ok @UpsiderAgent', true), 'UpsiderAgent')).toBe(true);
    // A reply to someone else: the leading mention is the author's own.
    expect(summonsAgent(post('@bob @UpsiderAgent promote this'), 'UpsiderAgent')).toBe(true);
  });
});

describe('withoutMentions', () => {
  it("drops the @ of every handle but the agent's, leaving addresses and cashtags alone", () => {
    expect(withoutMentions('Sent 5.00 UP to @bob (fee 0.025 UP).', 'UpsiderAgent')).toBe(
      'Sent 5.00 UP to bob (fee 0.025 UP).',
    );
    expect(withoutMentions('@carol\'s post; reply "@UpsiderAgent confirm"', 'upsideragent')).toBe(
      'carol\'s post; reply "@UpsiderAgent confirm"',
    );
    expect(withoutMentions('mail a@b.co about $UP ＠dave', 'UpsiderAgent')).toBe(
      'mail a@b.co about $UP dave',
    );
  });
});
