import { describe, expect, it } from 'vitest';
import { weightedLength } from '@/shared/x-text.ts';
import { digestText } from './digest-text.ts';

const site = 'https://upsider.example';
const receipts = (n: number, moneyAt: number[] = []) =>
  Array.from({ length: n }, (_, i) => ({ postId: String(1000 + i), money: moneyAt.includes(i) }));

describe('a digest reply', () => {
  it('lists every receipt when they fit', () => {
    const text = digestText(receipts(3), site);
    expect(text).toContain('your 3 answers in one');
    expect(text.match(/\/receipts\/\d+/g)).toHaveLength(3);
  });

  it('stays within 280 characters, counting what it could not list', () => {
    const text = digestText(receipts(30), site);
    expect(weightedLength(text)).toBeLessThanOrEqual(280);
    const shown = text.match(/\/receipts\/\d+/g)!.length;
    expect(text).toContain(`+${30 - shown} more: ${site}/dashboard`);
  });

  it('keeps the receipts it is given first (money: fold-cold.ts sorts it first)', () => {
    const text = digestText([{ postId: '9', money: true }, ...receipts(30)], site);
    expect(text.match(/\/receipts\/\d+/)![0]).toBe('/receipts/9');
  });
});
