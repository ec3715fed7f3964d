import type { Token } from '../../shared/tokens.ts';
import type { Piece } from './tokenize.ts';

/** Words that may open any command without changing it ("hey @agent please send …"). */
export const OPENERS = new Set([
  'hey',
  'hi',
  'hello',
  'yo',
  'gm',
  'please',
  'pls',
  'plz',
  'kindly',
  'ok',
  'okay',
  'now',
  'just',
]);

/** Imperatives only: "sent", "sending", "gave" describe, they do not instruct. */
export const SEND_VERBS = new Set(['send', 'tip', 'give', 'pay', 'transfer']);

/**
 * A send containing any of these is not an instruction to move money now: negations ("don't",
 * "never", "jk"), conditions ("if", "unless"), hedges ("maybe", "should") and times other than
 * now ("tomorrow", "later"). Together with '?' these turn a send into `unknown`.
 */
export const SEND_BLOCKERS = new Set([
  'not',
  'no',
  'never',
  'dont',
  'didnt',
  'cant',
  'wont',
  'shouldnt',
  'wouldnt',
  'couldnt',
  'isnt',
  'aint',
  'cancel',
  'stop',
  'undo',
  'jk',
  'kidding',
  'joking',
  'nevermind',
  'nvm',
  'if',
  'unless',
  'when',
  'whenever',
  'once',
  'after',
  'before',
  'until',
  'maybe',
  'perhaps',
  'should',
  'would',
  'could',
  'might',
  'tomorrow',
  'tonight',
  'later',
  'yesterday',
  'ago',
  'scheduled',
  'hypothetically',
]);

export const isBlocker = (word: string) => SEND_BLOCKERS.has(word) || word.endsWith("n't");

const TOKEN_WORDS: Record<string, Token> = { up: 'UP', dag: 'DAG', dor: 'DOR' };

/** "UP", "up", "$UP", "$up" → 'UP'; anything else → undefined. */
export function tokenOf(piece: Piece | undefined): Token | undefined {
  if (piece?.type === 'word') return TOKEN_WORDS[piece.value];
  if (piece?.type === 'cashtag') return TOKEN_WORDS[piece.symbol.toLowerCase()];
  return undefined;
}

export const tokenWord = (suffix: string): Token | undefined => TOKEN_WORDS[suffix];

export const BALANCE_WORDS = new Set(['balance', 'balances', 'bal']);
export const ADDRESS_WORDS = new Set(['address', 'addr', 'wallet']);

/** Words a balance or address question may contain around its subject. */
export const QUESTION_FILLERS = new Set([
  ...OPENERS,
  'what',
  "what's",
  'whats',
  'is',
  'are',
  'show',
  'check',
  'get',
  'tell',
  'me',
  'the',
  'current',
  'can',
  'you',
  'i',
  'see',
  'of',
  'for',
  'up',
  'dag',
  'dor',
  'total',
]);

export const ANALYSIS_WORDS = new Set(['analyze', 'analyse', 'analysis', 'analyzing', 'analysing']);
export const FINGERPRINT_WORDS = new Set([
  'save',
  'fingerprint',
  'archive',
  'preserve',
  'notarize',
  'notarise',
  'proof',
]);
export const CREATE_WORDS = new Set(['create', 'make', 'generate']);
export const PROMOTE_WORDS = new Set(['promote', 'quote', 'comment', 'boost', 'shill']);
export const VIDEO_WORDS = new Set(['video', 'videos', 'vid']);
export const HELP_WORDS = new Set(['help', 'commands', 'command', 'menu']);
export const HELP_PHRASES =
  /^(?:how (?:does|do) (?:this|it|that|you) work|how (?:do|can) i use (?:this|it|you)|how to use(?: this| it| you)?|how it works|what can you do|what do you do)$/;
