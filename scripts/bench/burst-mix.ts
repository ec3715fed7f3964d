// The viral hour's mentions (BENCH_ONLY=burst): what 2,000 people ask the agent when one post
// takes off. Made one at a time while they are posted, because a "confirm" answers a send
// posted earlier by the same author.
import { wordOf } from '../../tests/support/scale-run-mentions.ts';

export type BurstKind =
  | 'send'
  | 'balance'
  | 'address'
  | 'fingerprint'
  | 'analysis'
  | 'big send'
  | 'confirm'
  | 'junk';

/** Out of 20: sends 6, balances 4, addresses 2, fingerprints 2, analyses 1, big sends and their confirmations 1 each, junk 3. */
const SHARE: BurstKind[] = [
  ...Array<BurstKind>(6).fill('send'),
  ...Array<BurstKind>(4).fill('balance'),
  'address',
  'address',
  'fingerprint',
  'fingerprint',
  'analysis',
  'big send',
  'confirm',
  ...Array<BurstKind>(3).fill('junk'),
];
/** The only analysis wordings the parser takes: an author asking twice uses another. */
const ANALYSES = ['analyze $UP', 'analyse $UP', 'analyze UP', 'analyse $up', 'analyze $up'];
const JUNK = ['gm, this is wild', 'lol who is this bot', 'first!!', 'ratio', 'can you do my taxes'];
const CONFIRMS = ['confirm', 'yes confirm'];
/** Above AGENT_CONFIRM_ABOVE_UP (the run's 50): a preview that waits for "confirm". */
export const BIG_SEND_UP = 60;

export interface BurstMention {
  kind: BurstKind;
  author: string;
  text: string;
  inReplyToId?: string;
}

/**
 * The i-th mention of the mix: an author in turn, a kind by SHARE (a prime stride so authors
 * and kinds do not lock together), a round word keeping each text unique (X refuses duplicate
 * content). A confirm is by the author of the oldest unconfirmed big send, under it; with
 * none left it is junk.
 */
export function burstMention(
  i: number,
  p: {
    users: string[];
    targets: string[];
    bigSends: Map<string, string>;
    /** `<author> <wording>` of the confirms made so far. */
    confirmsUsed: Set<string>;
  },
): BurstMention {
  const u = i % p.users.length;
  const author = p.users[u]!;
  const kind = SHARE[(i * 7) % SHARE.length]!;
  const round = `z${wordOf(i)}`;
  const A = '@UpsiderAgent';
  const to = p.users[(u + 1) % p.users.length]!;
  const turn = Math.floor(i / p.users.length);
  switch (kind) {
    case 'send':
      return { kind, author, text: `${A} send 1 UP to @${to}, round ${round}` };
    case 'big send':
      return { kind, author, text: `${A} send ${BIG_SEND_UP} UP to @${to}, round ${round}` };
    case 'balance':
      return { kind, author, text: `${A} balance (round ${round})` };
    case 'address':
      return { kind, author, text: `${A} what's my address (round ${round})` };
    case 'fingerprint': {
      const inReplyToId = p.targets[(u + 3) % p.targets.length]!;
      return { kind, author, text: `${A} fingerprint this (round ${round})`, inReplyToId };
    }
    case 'analysis':
      return { kind, author, text: `${A} ${ANALYSES[turn % ANALYSES.length]}` };
    case 'confirm': {
      // The oldest big send still unconfirmed: its author confirms it, under it.
      const oldest = p.bigSends.entries().next().value;
      if (!oldest) break;
      const [sender, send] = oldest;
      p.bigSends.delete(sender);
      // The parser takes two wordings only: an author's third confirm would repeat one.
      const word = CONFIRMS.find((w) => !p.confirmsUsed.has(`${sender} ${w}`));
      if (!word) break;
      p.confirmsUsed.add(`${sender} ${word}`);
      return { kind, author: sender, text: `${A} ${word}`, inReplyToId: send };
    }
    default:
      break;
  }
  return { kind: 'junk', author, text: `${A} ${JUNK[i % JUNK.length]} ${round}` };
}
