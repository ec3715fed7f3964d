import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UntrustedMarkdown } from './untrusted-markdown';

const render = (md: string) => renderToStaticMarkup(<UntrustedMarkdown>{md}</UntrustedMarkdown>);

describe('UntrustedMarkdown (model text on /polymarket and /analyses)', () => {
  it('never loads an image the text points at: its description is shown instead', () => {
    const html = render('Look ![price chart](https://tracker.example/pixel.png?who=you) here');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('tracker.example');
    expect(html).toContain('price chart');
  });

  it('keeps raw HTML inert and renders markdown', () => {
    const html = render('**Risk**: <script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(html).toContain('<strong>Risk</strong>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
  });

  it('opens links in a new tab without a referrer', () => {
    const html = render('[market](https://polymarket.com/event/x)');
    expect(html).toContain('href="https://polymarket.com/event/x"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).toContain('target="_blank"');
  });
});
