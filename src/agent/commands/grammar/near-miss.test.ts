import { describe, expect, it } from 'vitest';
import { interpretPost } from '../../safety/interpret-post.ts';
import { editDistance, nearestHeadWord } from './near-miss.ts';

const ctx = { agentUserId: '1', agentHandle: 'UpsiderAgent' };
const read = (text: string) => interpretPost({ id: '9', authorId: '2', text }, ctx);
const suggestion = (text: string) => {
  const decision = read(text);
  if (!decision.act || decision.command.kind !== 'unknown') return null;
  return decision.command.didYouMean ?? null;
};

describe('near-miss commands', () => {
  it('measures slips as one edit, swaps of neighbours included', () => {
    expect(editDistance('blance', 'balance')).toBe(1);
    expect(editDistance('snd', 'send')).toBe(1);
    expect(editDistance('sned', 'send')).toBe(1);
    expect(editDistance('have', 'save')).toBe(1);
  });

  it('corrects only command head words, never ordinary words or exact ones', () => {
    expect(nearestHeadWord('blance')).toBe('balance');
    expect(nearestHeadWord('snd')).toBe('send');
    expect(nearestHeadWord('confrim')).toBe('confirm');
    expect(nearestHeadWord('send')).toBeNull();
    expect(nearestHeadWord('have')).toBeNull();
    expect(nearestHeadWord('and')).toBeNull();
    expect(nearestHeadWord('the')).toBeNull();
  });

  it('"blance" gets the exact text to post', () => {
    expect(suggestion('@UpsiderAgent blance')).toEqual({
      text: '@UpsiderAgent balance',
      handles: [],
      needsRecipient: false,
    });
    expect(suggestion('@UpsiderAgent whats my blance?')?.text).toBe(
      '@UpsiderAgent whats my balance?',
    );
  });

  it('a mistyped send is quoted with its amount and recipient exactly as written, never run', () => {
    // Other accounts are quoted as "@…" and named apart: the reply tags nobody.
    expect(suggestion('@UpsiderAgent snd 5.5 UP to @Bob_1')).toEqual({
      text: '@UpsiderAgent send 5.5 UP to @…',
      handles: ['bob_1'],
      needsRecipient: false,
    });
    expect(suggestion('@UpsiderAgent snd 5 UP')).toEqual({
      text: '@UpsiderAgent send 5 UP',
      handles: [],
      needsRecipient: true,
    });
  });

  it('says nothing for ordinary talk or a correction the grammar would still refuse', () => {
    expect(suggestion('@UpsiderAgent have a nice day')).toBeNull();
    expect(suggestion('@UpsiderAgent snd five UP to @bob')).toBeNull();
    expect(suggestion('@UpsiderAgent blah blah')).toBeNull();
  });
});
