import { describe, expect, it } from 'vitest';
import { teaser } from './teaser.ts';

const a = (n: number) => 'a'.repeat(n);

describe('analysis teaser (≤ 200 characters)', () => {
  it('keeps a text of 200 characters or less whole', () => {
    expect(teaser(a(200))).toBe(a(200));
    expect(teaser('Short. Text.')).toBe('Short. Text.');
    expect(teaser('')).toBe('');
  });

  it('cuts at the last sentence end inside the limit', () => {
    const text = `First sentence. ${a(100)}! Third one? ${a(150)}`;
    expect(teaser(text)).toBe(`First sentence. ${a(100)}! Third one?`);
  });

  it('cuts at a line break when it is the last boundary', () => {
    const text = `Intro line.\n${a(50)}\n${a(200)}`;
    expect(teaser(text)).toBe(`Intro line.\n${a(50)}`);
  });

  it('takes a sentence end exactly at character 200', () => {
    const text = `${a(199)}. more text after`;
    expect(teaser(text)).toBe(`${a(199)}.`);
    expect(teaser(text).length).toBe(200);
  });

  it('ignores a boundary just past the limit and cuts raw', () => {
    expect(teaser(`${a(200)}. Next`)).toBe(a(200));
    expect(teaser(a(250))).toBe(a(200));
  });

  it('does not treat a decimal point or an abbreviation-like dot without a space as a sentence end', () => {
    const text = `Price moved from $0.35 to $0.42${a(190)}`;
    expect(teaser(text)).toBe(text.slice(0, 200));
  });

  it('never exceeds the limit', () => {
    for (const t of [`${a(10)}. ${a(300)}`, `${'x. '.repeat(100)}`, `\n${a(300)}`]) {
      expect(teaser(t).length).toBeLessThanOrEqual(200);
    }
  });
});
