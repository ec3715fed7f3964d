import { expect, type Page } from '@playwright/test';

/**
 * Emoji in a post (🚀) are drawn by the emoji font the page ships (Debian's Chromium has none of
 * its own, and showed a missing-glyph box): passes once the page's Noto Emoji face is loaded.
 */
export const expectEmojiFontLoaded = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].some(
          (f) => f.family.replace(/["']/g, '') === 'Noto Emoji' && f.status === 'loaded',
        );
      }),
    )
    .toBe(true);
