import type { SKRSContext2D } from '@napi-rs/canvas';
import { FONT_STACK } from './fonts.ts';

export interface TextBox {
  maxWidth: number;
  maxHeight: number;
  maxSize: number;
  minSize: number;
}

export interface TextLayout {
  lines: string[];
  fontSize: number;
  lineHeight: number;
  rtl: boolean;
  /** Widest line as measured, never above the box width. */
  width: number;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const LTR_CHAR = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/;
/** Longer posts are cut: a video frame is not a reader. */
export const MAX_VIDEO_CHARS = 400;

/** Control and invisible formatting characters go, except line breaks (two at most in a row) and the
 * zero-width joiner that holds emoji sequences together. */
export function cleanPostText(text: string): string {
  const cleaned = text
    .replace(/\r\n?/g, '\n')
    .replace(/[\p{Cc}\p{Cf}]/gu, (ch) => (ch === '\n' || ch === '\u200d' ? ch : ''))
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const chars = [...graphemes.segment(cleaned)].map((s) => s.segment);
  return chars.length > MAX_VIDEO_CHARS
    ? `${chars.slice(0, MAX_VIDEO_CHARS - 1).join('')}…`
    : cleaned;
}

/** Right-to-left when the first letter with a direction is Hebrew or Arabic script. */
export function isRtl(text: string): boolean {
  for (const ch of text) {
    if (RTL_CHAR.test(ch)) return true;
    if (LTR_CHAR.test(ch)) return false;
  }
  return false;
}

/**
 * Wraps `text` into the box: words move to the next line, a word wider than the box is broken
 * between graphemes (so an emoji or an accent is never split), and the font shrinks until every
 * line fits; at the smallest size the last line that fits ends with '…'.
 */
export function layoutText(ctx: SKRSContext2D, text: string, box: TextBox): TextLayout {
  const rtl = isRtl(text);
  for (let size = box.maxSize; ; size = Math.max(box.minSize, size - 4)) {
    ctx.font = `${size}px ${FONT_STACK}`;
    const lineHeight = Math.round(size * 1.3);
    const lines = wrap(ctx, text, box.maxWidth);
    const fits = lines.length * lineHeight <= box.maxHeight;
    if (fits || size === box.minSize) {
      const max = Math.max(1, Math.floor(box.maxHeight / lineHeight));
      const shown = lines.length > max ? ellipsize(ctx, lines.slice(0, max), box.maxWidth) : lines;
      const width = Math.min(box.maxWidth, Math.max(0, ...shown.map((l) => measure(ctx, l))));
      return { lines: shown, fontSize: size, lineHeight, rtl, width };
    }
  }
}

const measure = (ctx: SKRSContext2D, s: string) => ctx.measureText(s).width;

function wrap(ctx: SKRSContext2D, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ').filter(Boolean)) {
      const joined = line ? `${line} ${word}` : word;
      if (measure(ctx, joined) <= maxWidth) {
        line = joined;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      for (const g of graphemes.segment(word)) {
        if (line && measure(ctx, line + g.segment) > maxWidth) {
          lines.push(line);
          line = '';
        }
        line += g.segment;
      }
    }
    lines.push(line);
  }
  return lines;
}

function ellipsize(ctx: SKRSContext2D, lines: string[], maxWidth: number): string[] {
  const chars = [...graphemes.segment(lines.at(-1) ?? '')].map((s) => s.segment);
  while (chars.length > 0 && measure(ctx, `${chars.join('')}…`) > maxWidth) chars.pop();
  return [...lines.slice(0, -1), `${chars.join('')}…`];
}
