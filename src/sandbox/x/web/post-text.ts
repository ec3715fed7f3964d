import { parseMentions } from '../mention-parser.ts';
import { html, type SafeHtml } from './html.ts';

/** An http(s) run up to whitespace or a character that cannot be part of a link in text. */
const URL_RUN = /https?:\/\/[^\s<>"'`]+/giu;
/** Punctuation that ends a sentence rather than the link ("see https://a.example/x."). */
const TRAILING = /[.,!?;:)\]}'"’”]+$/u;

interface Token {
  start: number;
  end: number;
  link: SafeHtml;
}

/** URL tokens in code points (as mentions count), trailing punctuation left as text. */
function urlTokens(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(URL_RUN)) {
    const url = m[0].replace(TRAILING, '');
    if (!/^https?:\/\/[^/?#]/i.test(url)) continue;
    const start = Array.from(text.slice(0, m.index)).length;
    // Only http(s) is matched, and `html` escapes the attribute: text cannot become markup
    // or a javascript: link. Links are untrusted: no opener, no referrer.
    const link = html`<a href="${url}" target="_blank" rel="noopener noreferrer nofollow">${url}</a>`;
    tokens.push({ start, end: start + Array.from(url).length, link });
  }
  return tokens;
}

/**
 * Post text as X shows it: @handles linked to profiles, http(s) URLs linked to themselves
 * (an @ inside a URL stays part of the URL), everything else escaped.
 */
export function linkedText(basePath: string, text: string): SafeHtml {
  const chars = Array.from(text);
  const urls = urlTokens(text);
  const inUrl = (i: number) => urls.some((u) => i >= u.start && i < u.end);
  const mentions = parseMentions(text)
    .filter((m) => !inUrl(m.start))
    .map((m) => ({
      start: m.start,
      end: m.end,
      link: html`<a href="${basePath}/${m.username}">@${m.username}</a>`,
    }));
  const parts: SafeHtml[] = [];
  let at = 0;
  for (const t of [...urls, ...mentions].sort((a, b) => a.start - b.start)) {
    parts.push(html`${chars.slice(at, t.start).join('')}`, t.link);
    at = t.end;
  }
  parts.push(html`${chars.slice(at).join('')}`);
  return html`${parts}`;
}
