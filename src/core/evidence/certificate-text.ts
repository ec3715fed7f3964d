import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

const require = createRequire(import.meta.url);

/**
 * The emoji font the promotion video draws with (src/core/videos/fonts.ts), from npm so a machine
 * without system fonts has it: one file with every emoji (monochrome outlines, which a PDF can
 * embed; only the glyphs used are written).
 */
const EMOJI_FONT = ['@fontsource/noto-emoji', 'files/noto-emoji-emoji-400-normal.woff'] as const;

/** Joiners and variation selectors: invisible when no font draws them, so left out. */
const INVISIBLE = new Set([0x200d, 0xfe0e, 0xfe0f]);

/** A post's text as the certificate draws it: each character in the first font that has it. */
export interface ContentFonts {
  fonts: PDFFont[];
  /** Index into `fonts` for a code point, or undefined when none has it. */
  fontOf(codePoint: number): number | undefined;
}

/**
 * The text font first, then the emoji font, embedded only when the text has a character the
 * text font lacks and the emoji font has.
 */
export async function contentFonts(
  pdf: PDFDocument,
  text: string,
  textFont: PDFFont,
): Promise<ContentFonts> {
  const fonts = [textFont];
  const sets = [new Set(textFont.getCharacterSet())];
  const missing = [...text].some((ch) => !sets[0]!.has(ch.codePointAt(0)!));
  if (missing) {
    pdf.registerFontkit(fontkit);
    const file = path.join(
      path.dirname(require.resolve(`${EMOJI_FONT[0]}/package.json`)),
      EMOJI_FONT[1],
    );
    const emoji = await pdf.embedFont(await readFile(file), { subset: true });
    fonts.push(emoji);
    sets.push(new Set(emoji.getCharacterSet()));
  }
  return {
    fonts,
    fontOf: (cp) => {
      const i = sets.findIndex((set) => set.has(cp));
      return i < 0 ? undefined : i;
    },
  };
}

/**
 * What is drawn: characters no font has are written as <U+XXXX> rather than dropped (the text
 * stays exact; the hashes cover the original), except invisible joiners and selectors.
 */
export function drawableText(text: string, fonts: Pick<ContentFonts, 'fontOf'>): string {
  return [...text.replace(/\r\n?/g, '\n')]
    .map((ch) => {
      const cp = ch.codePointAt(0)!;
      if (ch === '\n' || fonts.fontOf(cp) !== undefined) return ch;
      if (INVISIBLE.has(cp)) return '';
      return `<U+${cp.toString(16).toUpperCase().padStart(4, '0')}>`;
    })
    .join('');
}

/** A line cut into runs that each draw in one font (text from drawableText). */
export function fontRuns(line: string, fonts: ContentFonts): { text: string; font: PDFFont }[] {
  const runs: { text: string; font: PDFFont }[] = [];
  for (const ch of line) {
    const font = fonts.fonts[fonts.fontOf(ch.codePointAt(0)!) ?? 0]!;
    const last = runs[runs.length - 1];
    if (last?.font === font) last.text += ch;
    else runs.push({ text: ch, font });
  }
  return runs;
}

export const widthOf = (line: string, fonts: ContentFonts, size: number) =>
  fontRuns(line, fonts).reduce((w, run) => w + run.font.widthOfTextAtSize(run.text, size), 0);

/** Lines that fit `width`, breaking words longer than a line (between characters, never inside one). */
export function wrap(text: string, fonts: ContentFonts, size: number, width: number): string[] {
  const fits = (s: string) => widthOf(s, fonts, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = [...word];
      while (rest.length > 1 && !fits(rest.join(''))) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut).join(''))) cut--;
        lines.push(rest.slice(0, cut).join(''));
        rest = rest.slice(cut);
      }
      line = rest.join('');
    }
    lines.push(line);
  }
  return lines;
}
