import { normalizePostText } from '@/shared/post-text/normalize.ts';

const LINK = /https?:\/\/\S+/giu;
/**
 * A bare domain as X links it ("upsider-airdrop.com/claim", "www.x.co", IDN letters too), with
 * its path. It starts only where a dotted run of name characters starts ("a.b.c" is tried at
 * "a" alone), so a long word or run is scanned once, not once per character.
 */
const BARE_DOMAIN =
  /(?<![\p{L}\p{N}_-]|[\p{L}\p{N}_-]\.)(?:[\p{L}\p{N}_-]+\.)+(?:\p{L}{2,}|xn--[\p{L}\p{N}-]+)(?:[/:?#]\S*)?/giu;

/**
 * Text the agent publishes in its own name, drawn from someone else's post or a model's answer:
 * it tags nobody and links nowhere. X reads "＠bob" (fullwidth) as a mention and links bare
 * domains, so the text is NFKC-normalised first (every at-sign form becomes "@", invisible
 * characters go), then links, bare domains and at signs come out. `dropHandles` removes the
 * handle after an at sign as well (an excerpt of a post), instead of keeping it as a plain word.
 */
export function untaggedText(text: string, opts: { dropHandles?: boolean } = {}): string {
  return normalizePostText(text)
    .replace(LINK, ' ')
    .replace(BARE_DOMAIN, ' ')
    .replace(opts.dropHandles ? /@[\p{L}\p{N}_]*/gu : /@/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
