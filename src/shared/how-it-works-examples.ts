import { PAID_ITEM_AVAILABLE, PROMOTION_AVAILABLE } from './feature-availability.ts';
import type { Token } from './tokens.ts';

/**
 * The example commands shown on /how-it-works. This is a contract, not just copy: the agent's
 * parser must understand every wallet example verbatim, so its table test imports this list
 * and checks each `intent`. Change an example here and that test tells you what breaks.
 */

/** What a wallet command means. Handles keep their leading `@`; amounts are decimal strings. */
export type WalletIntent =
  | { kind: 'address'; of?: string }
  | { kind: 'balance'; of?: string }
  | { kind: 'send'; amount: string | 'all'; token: Token; to: string };

export type ExampleGroupId = 'wallet' | 'analysis' | 'evidence' | 'promotion';

export interface ExampleGroup {
  id: ExampleGroupId;
  title: string;
  summary: string;
  /** What it costs per use, by tier (decision 0007). */
  cost: { free: string; premium: string };
  /** False while the agent does not do this yet: the guide says 'Coming soon' (one source). */
  available: boolean;
}

export interface HowItWorksExample {
  id: string;
  group: ExampleGroupId;
  /** False for a command inside an available group that is not built yet (shown 'Coming soon'). */
  available?: boolean;
  /** Sub-heading inside the group, e.g. 'Check Balance'. */
  topic: string;
  title: string;
  /** The post text after the agent mention; see `exampleText`. */
  command: string;
  /** How to use it, shown under the command. */
  hint: string;
  /** Present for every wallet example: what the agent must understand. */
  intent?: WalletIntent;
}

export const EXAMPLE_GROUPS: readonly ExampleGroup[] = [
  {
    id: 'wallet',
    title: 'Wallet Operations',
    summary:
      'Your wallet is created from your X handle the first time you post to the agent. Ask for your address or balance, or send $UP, $DAG and $DOR to any handle or DAG address.',
    cost: { free: '0.5% transfer fee', premium: '0% transfer fee' },
    available: true,
  },
  {
    id: 'analysis',
    title: 'Token Analysis',
    summary: 'Ask the agent for an AI analysis of a token: market data, holders and momentum.',
    cost: { free: '75 $UP per analysis', premium: '3 free per day, then 56 $UP (25% off)' },
    available: PAID_ITEM_AVAILABLE.token_analysis,
  },
  {
    id: 'evidence',
    title: 'Digital Evidence',
    summary:
      'Reply to any post to preserve it on the blockchain. You get a fingerprint, a permanent verification link, tamper-proof evidence and a certificate.',
    cost: { free: '30 $UP per post', premium: '5 free per day, then 23 $UP' },
    available: PAID_ITEM_AVAILABLE.digital_evidence,
  },
  {
    id: 'promotion',
    title: 'Content Promotion',
    summary:
      'Have the agent quote or comment on a post (free, a few a day; premium: more), or make a promotional video.',
    cost: { free: '250 $UP per video', premium: '1 free video per day, then 188 $UP' },
    available: PROMOTION_AVAILABLE,
  },
];

/** A valid-looking DAG address used by the "send to an address" example. */
export const EXAMPLE_DAG_ADDRESS = 'DAG77zerQ2BUVhtVgkmseihkEfLXieBBm57vqA4J';

const wallet = (
  id: string,
  topic: 'Check Balance' | 'Send Tokens',
  title: string,
  command: string,
  hint: string,
  intent: WalletIntent,
): HowItWorksExample => ({ id, group: 'wallet', topic, title, command, hint, intent });

export const HOW_IT_WORKS_EXAMPLES: readonly HowItWorksExample[] = [
  wallet(
    'my-address',
    'Check Balance',
    'Your address',
    "what's my address",
    'The agent replies with your DAG wallet address.',
    { kind: 'address' },
  ),
  wallet(
    'my-balance',
    'Check Balance',
    'Your balance',
    'balance',
    'Shows your $UP, $DAG and $DOR balances.',
    { kind: 'balance' },
  ),
  wallet(
    'their-balance',
    'Check Balance',
    "Someone's balance",
    'balance @alice',
    'Any handle works, even if they have never posted to the agent.',
    { kind: 'balance', of: '@alice' },
  ),
  wallet(
    'their-address',
    'Check Balance',
    "Someone's address",
    "what's @alice's address",
    'Their wallet exists as soon as you ask.',
    { kind: 'address', of: '@alice' },
  ),
  wallet(
    'send-up',
    'Send Tokens',
    'Send $UP',
    'send 10 UP to @alice',
    'Sends 10 $UP from your wallet to @alice.',
    { kind: 'send', amount: '10', token: 'UP', to: '@alice' },
  ),
  wallet(
    'send-dag',
    'Send Tokens',
    'Send $DAG',
    'send 5 DAG to @alice',
    'Works the same way for $DAG.',
    { kind: 'send', amount: '5', token: 'DAG', to: '@alice' },
  ),
  wallet(
    'send-all',
    'Send Tokens',
    'Send everything',
    'send all DOR to @alice',
    'Empties your $DOR balance into their wallet.',
    { kind: 'send', amount: 'all', token: 'DOR', to: '@alice' },
  ),
  wallet(
    'send-address',
    'Send Tokens',
    'Send to a DAG address',
    `send 25 UP to ${EXAMPLE_DAG_ADDRESS}`,
    'Withdraw to any Constellation wallet you control.',
    { kind: 'send', amount: '25', token: 'UP', to: EXAMPLE_DAG_ADDRESS },
  ),
  wallet('tip', 'Send Tokens', 'Tip someone', 'tip @bob 5', 'A tip is a quick send of $UP.', {
    kind: 'send',
    amount: '5',
    token: 'UP',
    to: '@bob',
  }),
  {
    id: 'analyze-up',
    group: 'analysis',
    topic: 'AI Analysis',
    title: 'Analyze a token',
    command: 'analyze $UP',
    hint: 'Get an AI report from measured figures: price, holders, transfers and mentions.',
  },
  {
    id: 'analyze-dag',
    group: 'analysis',
    topic: 'AI Analysis',
    title: 'Analyze another token',
    command: 'analyze $DAG',
    hint: 'Works for $UP, $DAG and $DOR.',
  },
  {
    id: 'evidence-save',
    group: 'evidence',
    topic: 'Preserve a post',
    title: 'Save a post',
    command: 'save this',
    hint: 'Reply to the post you want to keep. It is archived with its content and author.',
  },
  {
    id: 'evidence-fingerprint',
    group: 'evidence',
    topic: 'Preserve a post',
    title: 'Fingerprint a post',
    command: 'fingerprint this',
    hint: 'Records a hash of the post on the blockchain and replies with the fingerprint.',
  },
  {
    id: 'evidence-proof',
    group: 'evidence',
    topic: 'Preserve a post',
    title: 'Create proof',
    command: 'create proof',
    hint: 'Replies with a permanent verification link and a certificate.',
  },
  {
    id: 'evidence-archive',
    group: 'evidence',
    topic: 'Preserve a post',
    title: 'Archive a post',
    command: 'archive this',
    hint: 'Tamper-proof evidence that stays even if the post is deleted.',
  },
  {
    id: 'promote-quote',
    group: 'promotion',
    topic: 'Quote and comment',
    title: 'Quote a post',
    command: 'quote this',
    hint: 'Reply to a post and the agent shares it with its own line: a quote post where X allows one, else a reply to you with the link.',
  },
  {
    id: 'promote-comment',
    group: 'promotion',
    topic: 'Quote and comment',
    title: 'Comment on a post',
    command: 'comment on this',
    hint: 'The agent adds its own take: under the post where X allows it, else as a quote post or a reply to you with the link.',
  },
  {
    id: 'promote-video',
    group: 'promotion',
    topic: 'Video promotion',
    title: 'Promote with a video',
    command: 'make a video about this',
    hint: 'The agent generates a short promotional video of the post.',
    available: PAID_ITEM_AVAILABLE.video,
  },
];

/** The full post text: the agent mention, then the command. */
export function exampleText(example: Pick<HowItWorksExample, 'command'>, agentHandle: string) {
  return `@${agentHandle} ${example.command}`;
}

/** The call to action's post: the simplest command, which also creates the wallet. */
export const START_COMMAND = "what's my address";
