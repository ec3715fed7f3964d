import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);

/** Text first, emoji after: the canvas falls back along this list glyph by glyph. */
export const FONT_STACK = '"Upsider Sans", "DejaVu Sans", "Liberation Sans", "Upsider Emoji"';

let registered = false;

/**
 * Fonts come from npm (@fontsource) so a machine without system fonts still renders Latin text
 * and emoji; system DejaVu (Hebrew, Arabic) is used when present.
 */
export function registerFonts(): void {
  if (registered) return;
  registered = true;
  const add = (pkg: string, family: string, match: RegExp) => {
    const dir = path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files');
    for (const file of readdirSync(dir)) {
      if (match.test(file)) GlobalFonts.registerFromPath(path.join(dir, file), family);
    }
  };
  add('@fontsource/dejavu-sans', 'Upsider Sans', /-(400|700)-normal\.woff2$/);
  add('@fontsource/noto-emoji', 'Upsider Emoji', /-400-normal\.woff2$/);
}
