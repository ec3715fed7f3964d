import type { SnapshotCodec } from './anchor-deps.ts';

/** Whether a metagraph's state channel in a global snapshot shows the batch root. */
export type ChannelVerdict = 'carries' | 'absent' | 'unreadable';

/**
 * Looks for `root` in `value.stateChannelSnapshots[metagraph]`, in either form it comes in
 * (decision 0066):
 * - the local network's: the metagraph's commitment as JSON, read as text;
 * - the real chain's: signed `StateChannelSnapshotBinary {lastSnapshotHash, content, fee}` whose
 *   `content` bytes are the metagraph's signed currency snapshot as Brotli JSON (tessellation
 *   `StateChannelSnapshotService`); inflated with the verifier's codec and read as text, along
 *   with any byte arrays inside it (a data application's `onChainState`) read as UTF-8.
 * How the Digital Evidence metagraph writes its roots into its own state is not published: a
 * binary channel that does not show the root as text is 'unreadable' (pending), not 'absent'.
 */
export function channelVerdict(
  channel: unknown,
  root: string,
  codec: SnapshotCodec | undefined,
): ChannelVerdict {
  if (channel === undefined) return 'absent';
  const needle = root.toLowerCase();
  const binaries = (Array.isArray(channel) ? channel : []).map(contentBytes);
  if (binaries.length === 0 || binaries.some((b) => b === null)) {
    return JSON.stringify(channel).toLowerCase().includes(needle) ? 'carries' : 'absent';
  }
  if (!codec) return 'unreadable';
  for (const bytes of binaries as Uint8Array[]) {
    const text = inflatedText(bytes, codec);
    if (text !== null && textsOf(text).some((t) => t.toLowerCase().includes(needle))) {
      return 'carries';
    }
  }
  return 'unreadable';
}

/** The `content` of a signed state channel binary, as bytes (circe writes `Array[Byte]` as numbers). */
function contentBytes(entry: unknown): Uint8Array | null {
  const value = (entry as { value?: { content?: unknown } } | null)?.value;
  const content = value?.content;
  if (!Array.isArray(content) || !content.every((b) => Number.isInteger(b))) return null;
  return Uint8Array.from(content as number[], (b) => b & 0xff);
}

function inflatedText(bytes: Uint8Array, codec: SnapshotCodec): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(codec.inflate(bytes));
  } catch {
    return null;
  }
}

/** The snapshot's JSON text and, one level down, every byte array in it decoded as UTF-8. */
function textsOf(json: string): string[] {
  const texts = [json];
  try {
    JSON.parse(json, (_key, value: unknown) => {
      if (Array.isArray(value) && value.length > 0 && value.every((b) => Number.isInteger(b))) {
        const bytes = Uint8Array.from(value as number[], (b) => b & 0xff);
        texts.push(new TextDecoder().decode(bytes));
      }
      return value;
    });
  } catch {
    // Not JSON after all: the text alone is searched.
  }
  return texts;
}
