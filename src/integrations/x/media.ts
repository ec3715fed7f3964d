import { z } from 'zod';
import { XApiError } from './errors.ts';
import { parseApiResponse, send, type XHttp } from './http.ts';

const initSchema = z.object({
  data: z.object({
    id: z.string(),
    media_key: z.string().optional(),
    // Optional in X's OpenAPI (only id is required).
    expires_after_secs: z.number().optional(),
  }),
});
/**
 * When X does not say how long an upload session lives: a day, the shortest life its examples
 * show, so a resumed upload starts over rather than append to a session X has dropped.
 */
const ASSUMED_SESSION_SECS = 86_400;
const processingSchema = z.object({
  state: z.enum(['pending', 'in_progress', 'succeeded', 'failed']),
  check_after_secs: z.number().optional(),
  progress_percent: z.number().optional(),
  error: z
    .object({ code: z.number().optional(), name: z.string().optional(), message: z.string() })
    .optional(),
});
const statusSchema = z.object({
  data: z.object({ id: z.string(), processing_info: processingSchema.optional() }),
});
const appendSchema = z.object({ data: z.object({ expires_at: z.number().optional() }).optional() });

export type ProcessingInfo = z.infer<typeof processingSchema>;

/** X API v2 chunked media upload (INIT, APPEND, FINALIZE, STATUS) with a user token. */
export function createXMedia(apiUrl: string, http: XHttp) {
  const base = `${apiUrl}/2/media/upload`;
  const auth = (token: string) => ({
    authorization: `Bearer ${token}`,
    accept: 'application/json',
  });
  return {
    async initUpload(
      token: string,
      p: { mediaType: string; totalBytes: number; category: string },
    ) {
      const body = {
        media_type: p.mediaType,
        total_bytes: p.totalBytes,
        media_category: p.category,
      };
      const res = await send(
        http.fetch,
        `${base}/initialize`,
        {
          method: 'POST',
          headers: { ...auth(token), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        http.timeoutMs,
      );
      const { body: out } = await parseApiResponse(res, initSchema, http.now);
      return {
        mediaId: out.data.id,
        expiresAfterSecs: out.data.expires_after_secs ?? ASSUMED_SESSION_SECS,
      };
    },

    async appendChunk(token: string, mediaId: string, segmentIndex: number, chunk: Uint8Array) {
      const form = new FormData();
      form.set('segment_index', String(segmentIndex));
      form.set(
        'media',
        new Blob([new Uint8Array(chunk)], { type: 'application/octet-stream' }),
        'chunk',
      );
      const url = `${base}/${encodeURIComponent(mediaId)}/append`;
      const res = await send(
        http.fetch,
        url,
        { method: 'POST', headers: auth(token), body: form },
        http.timeoutMs,
      );
      await parseApiResponse(res, appendSchema, http.now);
    },

    async finalizeUpload(token: string, mediaId: string) {
      const url = `${base}/${encodeURIComponent(mediaId)}/finalize`;
      const res = await send(
        http.fetch,
        url,
        { method: 'POST', headers: auth(token) },
        http.timeoutMs,
      );
      const { body } = await parseApiResponse(res, statusSchema, http.now);
      return body.data.processing_info ?? null;
    },

    async uploadStatus(token: string, mediaId: string) {
      const url = `${base}?command=STATUS&media_id=${encodeURIComponent(mediaId)}`;
      const res = await send(
        http.fetch,
        url,
        { method: 'GET', headers: auth(token) },
        http.timeoutMs,
      );
      const { body } = await parseApiResponse(res, statusSchema, http.now);
      return body.data.processing_info ?? null;
    },
  };
}

export type XMediaApi = ReturnType<typeof createXMedia>;

/** A 4xx on an upload that was open: the session is gone (expired, unknown); start again. */
export const uploadIsGone = (err: unknown) => err instanceof XApiError && err.status === 400;
