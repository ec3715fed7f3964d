/**
 * Reads an MP4's duration from its `moov/mvhd` box (ISO/IEC 14496-12 §8.2.2) without decoding
 * anything, as X's media processing would reject a file that is not a video or too long.
 * Null when the bytes are not an MP4 with a movie header.
 */
export function mp4DurationMs(buf: Buffer): number | null {
  const box = (start: number, end: number, type: string): [number, number] | null => {
    for (let at = start; at + 8 <= end; ) {
      let size = buf.readUInt32BE(at);
      let header = 8;
      if (size === 1 && at + 16 <= end) {
        size = Number(buf.readBigUInt64BE(at + 8));
        header = 16;
      } else if (size === 0) size = end - at;
      if (size < header || at + size > end) return null;
      if (buf.toString('latin1', at + 4, at + 8) === type) return [at + header, at + size];
      at += size;
    }
    return null;
  };
  if (buf.length < 16 || buf.toString('latin1', 4, 8) !== 'ftyp') return null;
  const moov = box(0, buf.length, 'moov');
  const mvhd = moov && box(moov[0], moov[1], 'mvhd');
  if (!mvhd) return null;
  const version = buf[mvhd[0]];
  const p = mvhd[0] + 4;
  const [timescale, duration] =
    version === 1
      ? [buf.readUInt32BE(p + 16), Number(buf.readBigUInt64BE(p + 20))]
      : [buf.readUInt32BE(p + 8), buf.readUInt32BE(p + 12)];
  return timescale > 0 ? Math.round((duration / timescale) * 1000) : null;
}
