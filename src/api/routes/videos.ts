import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { listUserVideos } from '@/agent/commands/video/list-user-videos.ts';
import { promoVideos } from '@/db/schema/index.ts';
import type { MyVideos } from '@/shared/videos/contract.ts';
import type { ApiDeps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { type AuthEnv, currentUser, loadSession, requireUser } from '../http/session.ts';

/**
 * GET /api/videos/:postId.mp4 and .png — a promotion video and its poster frame, public like the
 * receipt that shows them (the MP4 answers byte ranges, which players use to seek); GET
 * /api/videos/mine — the signed-in user's videos, for the dashboard.
 */
export function videoRoutes(deps: ApiDeps) {
  const load = async (id: string) => {
    const [row] = await deps.db
      .select({ mp4: promoVideos.mp4, poster: promoVideos.poster })
      .from(promoVideos)
      .where(eq(promoVideos.requestPostId, id));
    if (!row?.mp4 || !row.poster) throw notFound('No video for this post', 'video_not_found');
    return { mp4: row.mp4, poster: row.poster };
  };
  const cache = { 'cache-control': 'public, max-age=3600' };
  return new Hono<AuthEnv>()
    .get('/mine', loadSession(deps), requireUser, async (c) => {
      const videos = await listUserVideos(deps.db, currentUser(c).xUserId);
      return c.json({ videos } satisfies MyVideos);
    })
    .get('/:file{[0-9]{1,19}\\.png}', async (c) => {
      const { poster } = await load(c.req.param('file').slice(0, -4));
      return c.body(new Uint8Array(poster), 200, { 'content-type': 'image/png', ...cache });
    })
    .get('/:file{[0-9]{1,19}\\.mp4}', async (c) => {
      const { mp4 } = await load(c.req.param('file').slice(0, -4));
      const headers = { 'content-type': 'video/mp4', 'accept-ranges': 'bytes', ...cache };
      const range = /^bytes=(\d*)-(\d*)$/.exec(c.req.header('range') ?? '');
      if (!range || (!range[1] && !range[2])) return c.body(new Uint8Array(mp4), 200, headers);
      const size = mp4.length;
      const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start >= size || start > end) {
        return c.body(null, 416, { 'content-range': `bytes */${size}` });
      }
      return c.body(new Uint8Array(mp4.subarray(start, end + 1)), 206, {
        ...headers,
        'content-range': `bytes ${start}-${end}/${size}`,
      });
    });
}
