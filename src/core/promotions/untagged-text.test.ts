import { describe, expect, it } from 'vitest';
import { untaggedText } from './untagged-text.ts';
import { cleanPromotionLine, fallbackPromotionLine } from './write-promotion-line.ts';

/** What X would tag or link in a post: an at sign in either form, or a domain. */
const tagsOrLinks = (text: string) =>
  /[@＠﹫]/.test(text) || /[\p{L}\p{N}-]+\s*[.．]\s*(?:com|co|io|xyz)\b/iu.test(text);

// The lookalike handles the command parser refuses as a recipient (interpret-post.test.ts).
const LOOKALIKES = [
  '＠bob ＠alice',
  '@ｅｖｅ',
  '＠eve',
  '﹫eve',
  '@еve',
  '@bοb',
  '@evé',
  '@eve\u0301',
  '@ev\u200Be',
  '@eve\u200Bil',
];
const DOMAINS = [
  'upsider-airdrop.com/claim',
  'UPSIDER-AIRDROP.COM/claim?ref=1',
  'upsider-airdrop．com/claim',
  'www.upsider.xyz',
  'аirdrop.com/claim',
  'https://upsider-airdrop.com/claim',
  'sub.domain.co:8080/x',
  '...upsider-airdrop.com/claim',
  '(upsider-airdrop.com)',
];

describe('text the agent publishes about a post tags nobody and links nowhere', () => {
  it.each([...LOOKALIKES, ...DOMAINS])('a line with %j', (bad) => {
    const line = cleanPromotionLine(`Great thread ${bad} worth reading $UP`, 280);
    expect(tagsOrLinks(line)).toBe(false);
    expect(line).toContain('Great thread');
    expect(line).toContain('$UP');
  });

  it.each([...LOOKALIKES, ...DOMAINS])('the template quoting a post with %j', (bad) => {
    const line = fallbackPromotionLine({
      style: 'promote',
      author: 'carol',
      text: `Drop for ${bad} today`,
    });
    expect(tagsOrLinks(cleanPromotionLine(line, 280))).toBe(false);
  });

  it('keeps ordinary words, numbers and one cashtag', () => {
    expect(cleanPromotionLine('Up 3.5% today, e.g. $UP and $DAG. Node 1.2 ships', 280)).toBe(
      'Up 3.5% today, e.g. $UP and DAG. Node 1.2 ships',
    );
    expect(cleanPromotionLine('thanks @bob', 280)).toBe('thanks bob');
  });

  it('reads a long post in linear time', () => {
    const long = `${'a'.repeat(25_000)} ${'b.'.repeat(5_000)} ${'ab.'.repeat(5_000)}1 ${'@a.'.repeat(5_000)}`;
    const started = performance.now();
    untaggedText(long);
    fallbackPromotionLine({ style: 'promote', author: 'carol', text: long });
    expect(performance.now() - started).toBeLessThan(500);
  });
});
