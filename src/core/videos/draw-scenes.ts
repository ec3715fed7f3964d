import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { FONT_STACK, registerFonts } from './fonts.ts';
import { cleanPostText, layoutText, type TextLayout } from './layout-text.ts';

export const VIDEO_WIDTH = 1280;
export const VIDEO_HEIGHT = 720;
/** Nothing is drawn in this band along every edge (checked by the render tests). */
export const SAFE_MARGIN = 64;
export const BACKGROUND = '#0b1020';
const ACCENT = '#22c55e';
const INK = '#f8fafc';
const MUTED = '#94a3b8';
const CARD = '#151c33';

export interface VideoPost {
  authorName: string;
  /** Without '@'. */
  authorHandle: string;
  text: string;
  /** Without '@'; named in the call to action. */
  agentHandle: string;
}

export interface Scenes {
  intro: Buffer;
  post: Buffer;
  outro: Buffer;
  layout: TextLayout;
}

function frame(draw: (ctx: SKRSContext2D) => void): Buffer {
  const canvas = createCanvas(VIDEO_WIDTH, VIDEO_HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, VIDEO_WIDTH, VIDEO_HEIGHT);
  draw(ctx);
  return canvas.toBuffer('image/png');
}

function centered(ctx: SKRSContext2D, text: string, y: number, size: number, color: string) {
  ctx.font = `bold ${size}px ${FONT_STACK}`;
  ctx.fillStyle = color;
  ctx.textAlign = 'center';
  const maxWidth = VIDEO_WIDTH - 2 * SAFE_MARGIN;
  ctx.fillText(text, VIDEO_WIDTH / 2, y, maxWidth);
}

/** The three stills of a promotion video: the brand, the post, the call to action. */
export function drawScenes(post: VideoPost): Scenes {
  registerFonts();
  const name = cleanPostText(post.authorName).replace(/\n/g, ' ').slice(0, 50) || post.authorHandle;
  const text = cleanPostText(post.text) || '(no text)';
  const intro = frame((ctx) => {
    centered(ctx, '$UP', 330, 160, ACCENT);
    centered(ctx, `A post by @${post.authorHandle}`, 440, 44, INK);
    centered(ctx, 'promoted with Upsider', 510, 32, MUTED);
  });
  let layout: TextLayout | null = null;
  const postFrame = frame((ctx) => {
    const pad = 40;
    const left = SAFE_MARGIN;
    const width = VIDEO_WIDTH - 2 * SAFE_MARGIN;
    ctx.fillStyle = CARD;
    ctx.beginPath();
    ctx.roundRect(left, SAFE_MARGIN, width, VIDEO_HEIGHT - 2 * SAFE_MARGIN, 28);
    ctx.fill();
    ctx.textAlign = 'left';
    ctx.font = `bold 38px ${FONT_STACK}`;
    ctx.fillStyle = INK;
    ctx.fillText(name, left + pad, SAFE_MARGIN + 70, width - 2 * pad - 120);
    ctx.font = `30px ${FONT_STACK}`;
    ctx.fillStyle = MUTED;
    ctx.fillText(`@${post.authorHandle}`, left + pad, SAFE_MARGIN + 112, width - 2 * pad - 120);
    ctx.font = `bold 34px ${FONT_STACK}`;
    ctx.fillStyle = ACCENT;
    ctx.textAlign = 'right';
    ctx.fillText('$UP', left + width - pad, SAFE_MARGIN + 70);
    const top = SAFE_MARGIN + 150;
    const box = { maxWidth: width - 2 * pad, maxHeight: VIDEO_HEIGHT - SAFE_MARGIN - pad - top };
    layout = layoutText(ctx, text, { ...box, maxSize: 56, minSize: 24 });
    ctx.fillStyle = INK;
    ctx.textAlign = layout.rtl ? 'right' : 'left';
    ctx.direction = layout.rtl ? 'rtl' : 'ltr';
    const x = layout.rtl ? left + width - pad : left + pad;
    layout.lines.forEach((line, i) => {
      ctx.fillText(line, x, top + (i + 0.8) * layout!.lineHeight, box.maxWidth);
    });
  });
  const outro = frame((ctx) => {
    centered(ctx, 'Promote your post with $UP', 300, 64, INK);
    centered(ctx, `Reply "@${post.agentHandle} make a video of this"`, 390, 40, ACCENT);
    centered(ctx, 'Upsider — the UP token agent on X', 470, 30, MUTED);
  });
  return { intro, post: postFrame, outro, layout: layout! };
}
