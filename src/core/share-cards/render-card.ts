import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { FONT_STACK, registerFonts } from '../videos/fonts.ts';

/** X's summary_large_image and Open Graph's recommended size (1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
const MARGIN = 72;
const BACKGROUND = '#0b1020';
const ACCENT = '#22c55e';
const INK = '#f8fafc';
const MUTED = '#94a3b8';

/** What a share card says: a small label, the headline, a few figure lines and the site. */
export interface CardSpec {
  /** Above the headline: "Receipt", "Leaderboard · Sends · This month". */
  kicker: string;
  headline: string;
  /** Up to five lines under the headline (a leaderboard's top five, a hash and its time). */
  lines: string[];
  /** Bottom right: the site's host. */
  footer: string;
}

/** Cuts `text` with "…" so it fits `width` at the context's current font. */
function clipped(ctx: SKRSContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}

/**
 * A 1200×630 PNG of the card, drawn with the fonts the videos use (from npm, so a bare server
 * draws the same). About 20 ms: callers cache it by the spec's content (api/site/card-cache.ts).
 */
export function renderCard(spec: CardSpec): Buffer {
  registerFonts();
  const canvas = createCanvas(CARD_WIDTH, CARD_HEIGHT);
  const ctx = canvas.getContext('2d');
  const width = CARD_WIDTH - 2 * MARGIN;
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);
  ctx.fillStyle = ACCENT;
  ctx.fillRect(0, 0, CARD_WIDTH, 12);
  ctx.textBaseline = 'alphabetic';

  ctx.font = `bold 34px ${FONT_STACK}`;
  ctx.fillStyle = ACCENT;
  ctx.fillText(clipped(ctx, spec.kicker.toUpperCase(), width), MARGIN, MARGIN + 40);

  // The headline shrinks to fit before it is cut: its figures are the point of the card.
  for (let size = 64; size >= 44; size -= 4) {
    ctx.font = `bold ${size}px ${FONT_STACK}`;
    if (ctx.measureText(spec.headline).width <= width) break;
  }
  ctx.fillStyle = INK;
  ctx.fillText(clipped(ctx, spec.headline, width), MARGIN, MARGIN + 130);

  ctx.font = `34px ${FONT_STACK}`;
  ctx.fillStyle = INK;
  spec.lines.slice(0, 5).forEach((line, i) => {
    ctx.fillText(clipped(ctx, line, width), MARGIN, MARGIN + 210 + i * 52);
  });

  ctx.font = `bold 30px ${FONT_STACK}`;
  ctx.fillStyle = MUTED;
  ctx.fillText('Upsider', MARGIN, CARD_HEIGHT - MARGIN + 10);
  ctx.textAlign = 'right';
  ctx.font = `28px ${FONT_STACK}`;
  ctx.fillText(
    clipped(ctx, spec.footer, width / 2),
    CARD_WIDTH - MARGIN,
    CARD_HEIGHT - MARGIN + 10,
  );
  return canvas.toBuffer('image/png');
}
