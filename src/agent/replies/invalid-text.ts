import type { Command, InvalidReason } from '../commands/grammar/types.ts';

type Invalid = Extract<Command, { kind: 'invalid' }>;

/**
 * Examples name no handle: a reply in the agent's name tags every account it names, and any
 * real handle (even "@bob") would be tagged thousands of times. "@…" is a placeholder X never
 * links. format-reply.ts uses it too.
 */
export const EXAMPLE_RECIPIENT = '@…';

const TEXT: Record<InvalidReason, (detail: string) => string> = {
  amount_not_positive: () => 'Not sent: the amount must be more than 0.',
  invalid_address: () => 'Not sent: that is not a valid DAG address.',
  grouped_amount: () =>
    'Nothing sent: write the amount without commas, like 1000 or 1000.5 (a comma can mean thousands or decimals).',
  suspicious_characters: () => 'That command has unusual characters, so I did nothing.',
  amount_in_words: () =>
    `Nothing sent: write the amount in digits, like "send 5 UP to ${EXAMPLE_RECIPIENT}".`,
  too_many_decimals: () => 'Nothing sent: amounts have at most 8 decimals.',
  unsupported_token: (coin) => `Nothing sent: I hold UP, DAG and DOR, not ${coin || 'that coin'}.`,
  recipient_needs_at: (handle) =>
    `Nothing sent: write the recipient as @${handle} (or give a DAG address).`,
  not_a_command: () =>
    `Nothing sent: I only move money on a plain command like "send 5 UP to ${EXAMPLE_RECIPIENT}", not in a question or a maybe.`,
  one_send_per_post: () => 'Nothing sent: one amount to one recipient per post.',
  plan_length: () => 'Not subscribed: plans last 1 to 12 months.',
  analysis_token: (coin) =>
    `No analysis: I analyze UP, DAG and DOR, not ${coin ? `$${coin}` : 'that coin'}.`,
};

/** Why a command that was understood as a shape, but not as something to do, was refused. */
export const invalidText = (command: Invalid): string => TEXT[command.reason](command.detail ?? '');
