import { describe, expect, it } from 'vitest';
import { csvField } from './csv.ts';

describe('csvField', () => {
  it('quotes every field and doubles its quotes', () => {
    expect(csvField('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvField(null)).toBe('""');
  });

  it('defuses a text a spreadsheet would run as a formula', () => {
    for (const text of ['=HYPERLINK("x")', '+1+2', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvField(text).startsWith(`"'`)).toBe(true);
    }
  });

  it('keeps exact decimal amounts as numbers, negative ones included', () => {
    expect(csvField('-10.00500001')).toBe('"-10.00500001"');
    expect(csvField('2')).toBe('"2"');
  });
});
