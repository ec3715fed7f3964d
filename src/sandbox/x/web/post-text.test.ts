import { describe, expect, it } from 'vitest';
import { linkedText } from './post-text.ts';

const render = (text: string) => linkedText('/sandbox/x', text).value;

describe('linkedText: post text as X shows it', () => {
  it('links http and https URLs to themselves, untrusted (noopener), leaving the sentence’s dot', () => {
    expect(render('receipt: https://up.example/receipts/12?a=1&b=2. thanks')).toBe(
      'receipt: <a href="https://up.example/receipts/12?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">https://up.example/receipts/12?a=1&amp;b=2</a>. thanks',
    );
    expect(render('old http://a.example/x')).toContain(
      '<a href="http://a.example/x" target="_blank" rel="noopener noreferrer nofollow">',
    );
  });

  it('links @handles and URLs in one post, in order, and keeps an @ inside a URL in the URL', () => {
    expect(render('@bob see https://x.example/@carol now')).toBe(
      '<a href="/sandbox/x/bob">@bob</a> see <a href="https://x.example/@carol" target="_blank" rel="noopener noreferrer nofollow">https://x.example/@carol</a> now',
    );
  });

  it('counts characters as code points, so text after emoji is not cut', () => {
    expect(render('🚀🚀 https://a.example 🚀 @ann')).toBe(
      '🚀🚀 <a href="https://a.example" target="_blank" rel="noopener noreferrer nofollow">https://a.example</a> 🚀 <a href="/sandbox/x/ann">@ann</a>',
    );
  });

  it('cannot be turned into markup or a script link by the post text', () => {
    const out = render(
      'https://a.example/"onmouseover="alert(1) https://a.example/<script>x</script> javascript:alert(1) <b>hi</b>',
    );
    expect(out).not.toMatch(/<script|<b>|href="javascript|"onmouseover/);
    expect(out).toContain(
      '<a href="https://a.example/" target="_blank" rel="noopener noreferrer nofollow">https://a.example/</a>&quot;onmouseover=&quot;alert(1)',
    );
    expect(out).toContain('javascript:alert(1) &lt;b&gt;hi&lt;/b&gt;');
  });

  it('leaves a bare scheme or other schemes as text', () => {
    expect(render('https:// and ftp://a.example and mailto:a@b.example')).toBe(
      'https:// and ftp://a.example and mailto:a@b.example',
    );
  });
});
