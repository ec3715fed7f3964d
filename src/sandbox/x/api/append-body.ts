/**
 * The body of POST /2/media/upload/{id}/append in each form X's OpenAPI gives it: multipart
 * with `segment_index` and `media` (the bytes, as a file part or as a plain part without a
 * filename, as twitter-api-v2's uploadMedia sends it), or JSON `{ media, segment_index }` with
 * the bytes base64-encoded (as @xdevplatform/xdk's appendUpload sends it; its generated
 * schema: "The media segment bytes: base64-encoded in JSON bodies, raw bytes in multipart
 * bodies", @xdevplatform/xdk@0.6.6 dist/index.d.ts, generated from X's OpenAPI).
 * A multipart part without a filename is read from the raw bytes: the platform's formData()
 * would decode it as UTF-8 text and lose the video.
 */
export type AppendBody = { segment: number; media: Buffer | null };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export async function readAppendBody(req: Request): Promise<AppendBody | null> {
  const type = req.headers.get('content-type') ?? '';
  if (/^application\/json\b/i.test(type)) {
    const body = (await req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') return null;
    const media = typeof body.media === 'string' ? body.media.replace(/\s+/g, '') : null;
    return {
      segment: Number(body.segment_index),
      media: media && BASE64.test(media) ? Buffer.from(media, 'base64') : null,
    };
  }
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\/form-data\b/i.test(type) || !boundary) return null;
  const parts = multipartParts(Buffer.from(await req.arrayBuffer()), boundary);
  const segment = parts.get('segment_index');
  return {
    segment: segment ? Number(segment.toString('utf8')) : Number.NaN,
    media: parts.get('media') ?? null,
  };
}

/** RFC 7578 parts by name: each part's bytes exactly as sent (no text decoding). */
function multipartParts(body: Buffer, boundary: string): Map<string, Buffer> {
  const parts = new Map<string, Buffer>();
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    const part = body.subarray(start + 2, next - 2); // after CRLF, before the CRLF ending it
    const split = part.indexOf('\r\n\r\n');
    if (split >= 0) {
      const headers = part.subarray(0, split).toString('utf8');
      const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(headers)?.[1];
      if (name !== undefined && !parts.has(name)) parts.set(name, part.subarray(split + 4));
    }
    at = next;
  }
  return parts;
}
