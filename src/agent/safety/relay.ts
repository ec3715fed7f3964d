import type { Piece } from '../commands/grammar/tokenize.ts';

/**
 * Finds the text the author did not write as their own words: quotations, "> quoted" lines and
 * everything after a relay marker ("@x said: …", "via @x …", "RT …"). The agent never obeys
 * a command, nor counts a mention of itself, inside such text.
 */

const DOUBLE_QUOTES = new Set('"“”„‟«»‹›「」『』〝〞〟');
const SINGLE_QUOTES = new Set("'‘’‚‛");
const WORD_CHAR = /[\p{L}\p{M}\p{N}_]/u;

/** Relay markers on their own: whatever follows them is someone else's text. */
const RELAY_WORDS = new Set([
  'said',
  'says',
  'saying',
  'wrote',
  'writes',
  'tweeted',
  'posted',
  'reposted',
  'retweeted',
  'via',
  'rt',
  'qt',
]);
/** Markers only when followed by a colon ("quote: …", "quoting @x: …"), else they are commands. */
const COLON_RELAY_WORDS = new Set(['quote', 'quoting', 'quoted', 'from', 'source']);

/** Per character: inside a quotation (closed or not) or on a line starting with '>'. */
export function quotedCharacters(text: string): boolean[] {
  const quoted = new Array<boolean>(text.length).fill(false);
  let open: { kind: 'double' | 'single'; at: number } | null = null;
  let lineStart = true;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (open === null) {
      if (lineStart && char === '>') {
        while (i < text.length && text[i] !== '\n') quoted[i++] = true;
        lineStart = true;
        continue;
      }
      if (DOUBLE_QUOTES.has(char)) open = { kind: 'double', at: i };
      else if (SINGLE_QUOTES.has(char) && !WORD_CHAR.test(text[i - 1] ?? ' ')) {
        open = { kind: 'single', at: i };
      }
    } else if (
      (open.kind === 'double' && DOUBLE_QUOTES.has(char)) ||
      (open.kind === 'single' && SINGLE_QUOTES.has(char) && !WORD_CHAR.test(text[i + 1] ?? ' '))
    ) {
      quoted.fill(true, open.at, i + 1);
      open = null;
    }
    if (char === '\n') lineStart = true;
    else if (char !== ' ' && char !== '\t' && char !== '\r') lineStart = false;
  }
  if (open !== null) quoted.fill(true, open.at);
  return quoted;
}

const isColon = (piece: Piece | undefined) => piece?.type === 'punct' && piece.char === ':';

/** Whether the piece at `index` starts relayed text (the marker itself stays the author's). */
function isRelayMarker(pieces: readonly Piece[], index: number, agentHandle: string): boolean {
  const piece = pieces[index]!;
  const next = pieces[index + 1];
  if (piece.type === 'word') {
    if (RELAY_WORDS.has(piece.value)) return true;
    if (!COLON_RELAY_WORDS.has(piece.value)) return false;
    return isColon(next) || (next?.type === 'mention' && isColon(pieces[index + 2]));
  }
  // "@x: …" attributes what follows to @x. "@agent: send …" is the author addressing the agent.
  return piece.type === 'mention' && piece.handle !== agentHandle && isColon(next);
}

/** Per piece: true when it is quoted or relayed, so not the author's own command text. */
export function relayedPieces(text: string, pieces: readonly Piece[], agentHandle: string) {
  const quoted = quotedCharacters(text);
  const relayed = pieces.map((piece) => quoted[piece.start] === true);
  const handle = agentHandle.toLowerCase();
  const marker = pieces.findIndex(
    (_piece, index) => !relayed[index] && isRelayMarker(pieces, index, handle),
  );
  if (marker >= 0) relayed.fill(true, marker + 1);
  return relayed;
}
