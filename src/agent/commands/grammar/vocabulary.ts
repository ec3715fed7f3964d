import type { Token } from '@/shared/tokens.ts';
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

/** Words that say "not this" or "not now". Questions containing them are not answered either. */
const NEGATIONS = [
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
];
/** Times other than now: "what was my balance yesterday" is not asking for today's. */
const OTHER_TIMES = ['tomorrow', 'tonight', 'later', 'yesterday', 'ago', 'scheduled'];

/**
 * A send containing any of these is not an instruction to move money now: negations ("don't",
 * "never", "jk"), conditions ("if", "unless"), hedges ("maybe", "should") and times other than
 * now ("tomorrow", "later"). Together with '?' these turn a send into `unknown`.
 */
export const SEND_BLOCKERS = new Set([
  ...NEGATIONS,
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
  ...OTHER_TIMES,
  'hypothetically',
]);

const isNegation = (word: string) => word.endsWith("n't");
export const isBlocker = (word: string) => SEND_BLOCKERS.has(word) || isNegation(word);

/**
 * Balance and address questions tolerate any extra words ("balance please", "address thx"), but
 * not these: a negation or another time changes what is asked ("don't show my balance").
 */
const QUESTION_BLOCKERS = new Set([...NEGATIONS, ...OTHER_TIMES]);
export const blocksQuestion = (word: string) => QUESTION_BLOCKERS.has(word) || isNegation(word);

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

/**
 * Words about moving money ("I sent 10 UP, what's my balance"): a question that also talks about a
 * transfer is not answered, because it is unclear what the author wants.
 */
export const TRANSFER_WORDS = new Set([
  ...SEND_VERBS,
  ...['sends', 'sent', 'sending', 'tips', 'tipped', 'tipping', 'gives', 'gave', 'giving'],
  ...['pays', 'paid', 'paying', 'transfers', 'transferred', 'transferring'],
]);

/** Owners other than the author: with no handle named, "your address" is not the author's. */
export const OTHER_OWNERS = new Set(['your', 'yours', 'ur', 'his', 'her', 'their', 'our', 'its']);

/** "'s" words that are contractions, not owners ("what's", unlike "mom's address"). */
export const CONTRACTIONS = new Set([
  "what's",
  "that's",
  "it's",
  "where's",
  "how's",
  "here's",
  "there's",
  "who's",
  "let's",
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
/** Matched anywhere among the words, so "hey, how does this work? thanks" is help too. */
export const HELP_PHRASES =
  /(?:^| )(?:how (?:does|do) (?:this|it|that|you) work|how (?:do|can) i use (?:this|it|you)|how to use(?: this| it| you)?|how it works|what can you do|what do you do)(?: |$)/;
