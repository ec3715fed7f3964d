import { normalizeWithTaint } from '@/shared/post-text/normalize.ts';
import { relayedPieces } from '../../safety/relay.ts';
import { type Piece, tokenize } from './tokenize.ts';

/**
 * How the post addresses the agent:
 * - direct: the author's own text mentions the agent (plain ASCII, outside quotes and relays);
 * - relayed: the agent is mentioned only inside quoted or relayed text;
 * - absent: the agent is not mentioned at all.
 */
export type Addressing = 'direct' | 'relayed' | 'absent';

export interface CommandSpan {
  addressing: Addressing;
  /**
   * The author's own text opens with the agent (after any reply mentions): "@agent hello".
   * False for a passing mention ("I love this wallet @agent"), which asks the agent nothing.
   */
  spokenTo: boolean;
  /** The author's own command: no quotes, no relayed text, no leading reply mentions, no agent. */
  pieces: Piece[];
  /** The normalized text the pieces' offsets point into (a suggestion quotes from it). */
  text: string;
}

const isAgent = (piece: Piece, handle: string): piece is Extract<Piece, { type: 'mention' }> =>
  piece.type === 'mention' && piece.handle === handle;

/**
 * Reply threads put "@alice @bob" before the text the author typed. That leading block (and any
 * mention of the agent anywhere) is removed, so those handles can never become recipients.
 */
export function commandSpan(text: string, agentHandle: string): CommandSpan {
  const handle = agentHandle.toLowerCase();
  const normalized = normalizeWithTaint(text);
  const all = tokenize(normalized);
  const relayed = relayedPieces(normalized.text, all, handle);
  const own = all.filter((_, index) => !relayed[index]);

  const addressedDirectly = own.some(
    (piece) => isAgent(piece, handle) && piece.valid && !piece.suspicious,
  );
  const mentionedInRelayedText = all.some(
    (piece, index) => relayed[index] && isAgent(piece, handle),
  );
  const addressing: Addressing = addressedDirectly
    ? 'direct'
    : mentionedInRelayedText
      ? 'relayed'
      : 'absent';

  let first = 0;
  let spokenTo = false;
  while (first < own.length) {
    const piece = own[first]!;
    const leadingMention = piece.type === 'mention' && !piece.possessive;
    if (!leadingMention && piece.type !== 'punct') break;
    if (isAgent(piece, handle)) spokenTo = true;
    first++;
  }
  const pieces = own.slice(first).filter((piece) => !(isAgent(piece, handle) && !piece.possessive));
  return { addressing, spokenTo, pieces, text: normalized.text };
}
