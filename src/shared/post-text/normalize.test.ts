import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePostText, normalizeWithTaint } from './normalize.ts';

const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/gu;
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt);/g, (_m, name: string) => ({ amp: '&', lt: '<', gt: '>' })[name]!);

/** Any code point, biased towards ASCII, combining marks, jamo and invisible characters. */
const codePoint = fc.oneof(
  fc.integer({ min: 0, max: 0x10ffff }).filter((c) => c < 0xd800 || c > 0xdfff),
  fc.integer({ min: 0x20, max: 0x7e }),
  fc.integer({ min: 0x300, max: 0x36f }),
  fc.integer({ min: 0x1100, max: 0x11ff }),
  fc.constantFrom(0x200b, 0x200d, 0x202e, 0x2066, 0xfeff, 0xff11, 0x1d7d7, 0xb9, 0x663),
);
const anyText = fc.string({ unit: codePoint.map((c) => String.fromCodePoint(c)), maxLength: 40 });

/** Which characters of `text` (by UTF-16 index) are tainted, as a string of ^ and spaces. */
const taintMap = (text: string) =>
  normalizeWithTaint(text)
    .tainted.map((t) => (t ? '^' : ' '))
    .join('');

describe('normalizePostText', () => {
  it('applies NFKC and removes zero-width and bidi controls', () => {
    expect(normalizePostText('ｓｅｎｄ\u200B １０ ＵＰ')).toBe('send 10 UP');
    expect(normalizePostText('a\u202Eb\u2066c\uFEFFd\u200Fe\u2060f')).toBe('abcdef');
    expect(normalizePostText('𝟗 ¹ ﬁ')).toBe('9 1 fi');
  });

  it("decodes X's HTML escapes once, exposing '>' quote lines", () => {
    expect(normalizePostText('&gt; quoted &amp;amp; &lt;3')).toBe('> quoted &amp; <3');
  });

  it('leaves Arabic-Indic digits and Cyrillic letters as they are (they stay non-ASCII)', () => {
    expect(normalizePostText('٣ @bоb')).toBe('٣ @bоb');
  });

  it('equals NFKC of the text without invisible characters, for any input', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(normalizePostText(text)).toBe(decode(text).replace(INVISIBLE, '').normalize('NFKC'));
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('normalizeWithTaint', () => {
  it('keeps plain ASCII clean', () => {
    expect(taintMap('send 10 UP to @bob')).toBe(' '.repeat(18));
  });

  it('taints what became ASCII only through normalization', () => {
    expect(taintMap('１0')).toBe('^ ');
    expect(taintMap('10¹')).toBe('  ^');
    expect(taintMap('@ｂob')).toBe(' ^  ');
  });

  it('taints the character after a removed invisible one', () => {
    expect(taintMap('1\u200B0')).toBe(' ^');
    expect(taintMap('@bob\u200Bby')).toBe('    ^ ');
  });

  it('does not taint ASCII followed by emoji or typographic apostrophes', () => {
    expect(taintMap('@bob🎉')).toBe('    ^^');
    expect(taintMap('bob’s')).toBe('   ^ ');
  });

  it('taints a letter merged with a combining mark', () => {
    const { text, tainted } = normalizeWithTaint('cafe\u0301');
    expect(text).toBe('café');
    expect(tainted).toEqual([false, false, false, true]);
  });
});
