import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';

const require = createRequire(import.meta.url);
const FILE = /^noto-emoji-\d+-400-normal\.woff2$/;
/** Ranges below U+0100 (# * 0-9 © ®, the keycap and sign bases): letters and digits stay the text font's. */
const ASCII_AND_LATIN1 = /^U\+[0-9a-f]{1,2}(-[0-9a-f]{1,2})?$/i;

/** The emoji font the site and the videos use (@fontsource/noto-emoji, an npm dependency). */
const fontDir = () =>
  path.join(path.dirname(require.resolve('@fontsource/noto-emoji/package.json')), 'files');

/**
 * X shows emoji whatever the reader's machine has; the local X's pages did not (Debian's
 * Chromium has no emoji font: a 🚀 was a missing-glyph box). The package's own stylesheet, with
 * its unicode-range subsets, is served under `<base>/fonts/` so a page downloads only the subsets
 * of the emoji it shows; woff2 only (every browser the product supports reads it).
 *
 * The post text names "Noto Emoji" FIRST (styles.ts): listed last, after the system families,
 * Debian's Chromium often laid the text out without ever fetching a subset (0 of 3 fresh page
 * loads fetched one; a restyle later did), so 🚀 stayed a box. First in the list, the face whose
 * unicode-range holds the character is the one Chromium must load. Its subsets also claim
 * # * 0-9 © ® (keycap bases); those ranges are dropped so digits and signs keep the text font.
 */
export function emojiFontRoutes(basePath: string) {
  const app = new Hono();
  let css: string | null = null;
  app.get('/fonts/noto-emoji.css', (c) => {
    css ??= readFileSync(path.join(fontDir(), '..', '400.css'), 'utf8')
      .replace(
        /src: url\(\.\/files\/([^)]+\.woff2)\) format\('woff2'\)[^;]*;/g,
        `src: url(${basePath}/fonts/$1) format('woff2');`,
      )
      .replace(/unicode-range: ([^;]+);/g, (_, ranges: string) => {
        const emojiOnly = ranges.split(/,\s*/).filter((r) => !ASCII_AND_LATIN1.test(r));
        return `unicode-range: ${emojiOnly.join(', ')};`;
      });
    return c.body(css, 200, {
      'content-type': 'text/css; charset=utf-8',
      'cache-control': 'public, max-age=86400',
    });
  });
  app.get('/fonts/:file', (c) => {
    const file = c.req.param('file');
    if (!FILE.test(file)) return c.notFound();
    return c.body(readFileSync(path.join(fontDir(), file)), 200, {
      'content-type': 'font/woff2',
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });
  return app;
}
