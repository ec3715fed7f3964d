import { describe, expect, it } from 'vitest';
import { readAppendBody } from './append-body.ts';

const bytes = Buffer.from([0, 255, 128, 10, 13, 200, 1]);
const post = (body: BodyInit, type: string) =>
  new Request('http://x.test/2/media/upload/1/append', {
    method: 'POST',
    headers: { 'content-type': type },
    body,
  });

function multipart(media: { filename?: string }) {
  const b = 'XBOUNDARY';
  const disposition = `form-data; name="media"${media.filename ? `; filename="${media.filename}"` : ''}`;
  return Buffer.concat([
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="segment_index"\r\n\r\n3\r\n`),
    Buffer.from(`--${b}\r\nContent-Disposition: ${disposition}\r\n`),
    Buffer.from('Content-Type: application/octet-stream\r\n\r\n'),
    bytes,
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
}

describe('readAppendBody', () => {
  it('keeps the bytes of a multipart part with or without a filename', async () => {
    for (const filename of [undefined, 'blob']) {
      const body = await readAppendBody(
        post(multipart({ filename }), 'multipart/form-data; boundary=XBOUNDARY'),
      );
      expect(body?.segment).toBe(3);
      expect(body?.media?.equals(bytes)).toBe(true);
    }
  });

  it('decodes the base64 media of a JSON body, and refuses media that is not base64', async () => {
    const json = (media: unknown) =>
      readAppendBody(post(JSON.stringify({ media, segment_index: 0 }), 'application/json'));
    expect((await json(bytes.toString('base64')))?.media?.equals(bytes)).toBe(true);
    expect((await json('not base64!'))?.media).toBeNull();
    expect((await json(42))?.media).toBeNull();
  });

  it('answers null for a body of another type', async () => {
    expect(await readAppendBody(post('media=x', 'application/x-www-form-urlencoded'))).toBeNull();
  });
});
