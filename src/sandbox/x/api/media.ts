import { Hono } from 'hono';
import type { XEnv } from '../context.ts';
import { ID_PATTERN } from '../ids.ts';
import { FORBIDDEN, invalidRequest, problem } from '../problems.ts';
import {
  appendChunk,
  finalizeMedia,
  findMedia,
  initMedia,
  PROCESSING_MS,
  processingState,
  UPLOAD_TTL_SECS,
  VIDEO_LIMITS,
  type XMediaRow,
} from '../store/media.ts';
import { readAppendBody } from './append-body.ts';
import { type ApiVars, apiEndpoint } from './auth.ts';

const UPLOAD = { bucket: 'mediaUpload', scopes: ['media.write'] } as const;
const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];
const CATEGORIES = ['tweet_video', 'amplify_video'];

const bad = (message: string) => invalidRequest([{ message }]);
const mediaKey = (id: bigint) => `7_${id}`;
const secsLeft = (m: XMediaRow, now: Date) =>
  Math.max(0, Math.floor((m.expiresAt.getTime() - now.getTime()) / 1000));

/**
 * X API v2 chunked media upload for video: POST /2/media/upload/initialize, POST
 * /2/media/upload/:id/append (multipart or JSON, append-body.ts), POST /2/media/upload/:id/finalize,
 * GET /2/media/upload?command=STATUS&media_id=. Only the uploader sees or posts its media.
 */
export function mediaRoutes(env: XEnv) {
  const app = new Hono<ApiVars>();

  /** The caller's own upload still open for chunks, or the problem to answer. */
  const ownMedia = async (
    c: { get: (k: 'caller') => ApiVars['Variables']['caller'] },
    id: string,
  ) => {
    const caller = c.get('caller');
    if (!ID_PATTERN.test(id)) return { error: bad(`media_id: ${id} is not a valid id.`) };
    const media = await findMedia(env.db, BigInt(id));
    if (!media || caller.kind !== 'user' || media.ownerId !== caller.userId)
      return { error: bad('The media_id is invalid or does not belong to you.') };
    if (media.expiresAt <= env.now()) return { error: bad('The upload session has expired.') };
    return { media };
  };

  app.post('/initialize', apiEndpoint(env, UPLOAD), async (c) => {
    const caller = c.get('caller');
    if (caller.kind !== 'user') return problem(c, 403, FORBIDDEN);
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const type = String(body?.media_type ?? '');
    const total = Number(body?.total_bytes);
    const category = String(body?.media_category ?? 'tweet_video');
    if (!VIDEO_TYPES.includes(type))
      return problem(c, 400, bad(`media_type ${type} is not a supported video type.`));
    if (!CATEGORIES.includes(category))
      return problem(c, 400, bad(`media_category ${category} is not supported.`));
    if (!Number.isInteger(total) || total <= 0 || total > VIDEO_LIMITS.maxBytes)
      return problem(c, 400, bad(`total_bytes must be between 1 and ${VIDEO_LIMITS.maxBytes}.`));
    const media = await initMedia(env.db, {
      ownerId: caller.userId,
      mediaType: type,
      category,
      totalBytes: total,
      now: env.now(),
    });
    const id = media.id.toString();
    return c.json({
      data: { id, media_key: mediaKey(media.id), expires_after_secs: UPLOAD_TTL_SECS },
    });
  });

  app.post('/:id/append', apiEndpoint(env, UPLOAD), async (c) => {
    const found = await ownMedia(c, c.req.param('id'));
    if (found.error) return problem(c, 400, found.error);
    const { media } = found;
    if (media.state !== 'uploading')
      return problem(c, 400, bad('The media was already finalized.'));
    const body = await readAppendBody(c.req.raw);
    const segment = body?.segment ?? Number.NaN;
    if (!Number.isInteger(segment) || segment < 0 || segment > 999)
      return problem(c, 400, bad('segment_index must be an integer from 0 to 999.'));
    if (!body?.media?.length) return problem(c, 400, bad('media: the segment bytes are required.'));
    if (body.media.length > VIDEO_LIMITS.maxChunkBytes)
      return problem(c, 400, bad('A segment must be at most 5 MB.'));
    await appendChunk(env.db, media.id, segment, body.media);
    return c.json({ data: { expires_at: Math.floor(media.expiresAt.getTime() / 1000) } });
  });

  app.post('/:id/finalize', apiEndpoint(env, UPLOAD), async (c) => {
    const found = await ownMedia(c, c.req.param('id'));
    if (found.error) return problem(c, 400, found.error);
    const done = await finalizeMedia(env.db, found.media, env.now());
    if (!done.ok) return problem(c, 400, bad(done.message));
    return c.json({ data: statusBody(done.row, env.now(), true) });
  });

  app.get('/', apiEndpoint(env, UPLOAD), async (c) => {
    // `command` is optional in X's OpenAPI (getMediaUploadStatus: media_id required, command
    // an optional enum of STATUS) — @xdevplatform/xdk@0.6.6 sends it only when given.
    const command = c.req.query('command');
    if (command !== undefined && command !== 'STATUS')
      return problem(c, 400, bad('command must be STATUS.'));
    const found = await ownMedia(c, c.req.query('media_id') ?? '');
    if (found.error) return problem(c, 400, found.error);
    return c.json({ data: statusBody(found.media, env.now(), false) });
  });

  return app;
}

function statusBody(media: XMediaRow, now: Date, finalize: boolean) {
  const state = processingState(media, now);
  const base = {
    id: media.id.toString(),
    media_key: mediaKey(media.id),
    ...(finalize ? { size: media.totalBytes, expires_after_secs: secsLeft(media, now) } : {}),
  };
  if (state === 'uploading') return base;
  const elapsed = now.getTime() - (media.finalizedAt?.getTime() ?? now.getTime());
  const waiting = state === 'pending' || state === 'in_progress';
  return {
    ...base,
    processing_info: {
      state,
      ...(waiting ? { check_after_secs: 1 } : {}),
      progress_percent: waiting ? Math.min(99, Math.floor((elapsed / PROCESSING_MS) * 100)) : 100,
      ...(state === 'failed'
        ? { error: { code: 1, name: 'InvalidMedia', message: media.error ?? 'Invalid media' } }
        : {}),
    },
  };
}
