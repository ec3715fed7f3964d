import { describe, expect, it } from 'vitest';
import { html, shortTime } from './html.ts';

describe('html', () => {
  it('escapes interpolated text but keeps nested templates', () => {
    const name = '<script>alert("x")</script>';
    const out = html`<p>${name}</p>${html`<b>${'&'}</b>`}${['a<', html`<i>b</i>`]}`;
    expect(out.value).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p><b>&amp;</b>a&lt;<i>b</i>',
    );
  });

  it('drops null, undefined and false', () => {
    expect(html`${null}${undefined}${false}${0}`.value).toBe('0');
  });
});

describe('shortTime', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('reads like the X timeline', () => {
    expect(shortTime(new Date('2026-11-22T11:59:50Z'), now)).toBe('10s');
    expect(shortTime(new Date('2026-11-22T11:15:00Z'), now)).toBe('45m');
    expect(shortTime(new Date('2026-11-22T02:00:00Z'), now)).toBe('10h');
    expect(shortTime(new Date('2026-11-01T02:00:00Z'), now)).toBe('Nov 1');
    expect(shortTime(new Date('2025-03-05T02:00:00Z'), now)).toBe('Mar 5, 2025');
  });
});
