import { describe, expect, it } from 'vitest';
import { asRecord, listField, numberField, stringField } from './json-fields';

describe('json field readers', () => {
  it('accept only the expected kinds', () => {
    expect(asRecord({ a: 1 })).toEqual({ a: 1 });
    for (const v of [null, [], 'x', 3]) expect(asRecord(v)).toBeNull();
    expect(stringField('abc')).toBe('abc');
    for (const v of ['', null, 3, {}]) expect(stringField(v)).toBeNull();
    expect(numberField(0)).toBe(0);
    for (const v of [Number.NaN, Infinity, '3', null]) expect(numberField(v)).toBeNull();
  });

  it('keeps the list items that read, and treats a non-list as empty', () => {
    expect(listField(['a', 1, 'b'], stringField)).toEqual(['a', 'b']);
    expect(listField({ 0: 'a' }, stringField)).toEqual([]);
  });
});
