import { describe, expect, it } from 'vitest';
import type { InvalidReason } from '../commands/grammar/types.ts';
import { formatReply } from './format-reply.ts';
import { invalidText } from './invalid-text.ts';

/** Who X would tag in a post: twitter-text's mention rule (an at sign not inside a word). */
const tagged = (text: string) =>
  [...text.matchAll(/(?:^|[^A-Za-z0-9_!#$%&*@＠])[@＠]([A-Za-z0-9_]{1,20})/g)].map((m) =>
    m[1]!.toLowerCase(),
  );

const ctx = {
  publicUrl: 'https://upsider.example',
  explorerTxUrl: 'https://explorer.example/tx/',
  receiptId: '1799999999999999999',
  now: new Date(),
};
// Every refusal reason (a new one fails tsc until it is listed here).
const REASONS: Record<InvalidReason, true> = {
  amount_not_positive: true,
  amount_in_words: true,
  too_many_decimals: true,
  unsupported_token: true,
  recipient_needs_at: true,
  not_a_command: true,
  one_send_per_post: true,
  plan_length: true,
  grouped_amount: true,
  invalid_address: true,
  suspicious_characters: true,
  analysis_token: true,
};

/** Help replies and refusal hints are posted thousands of times: their examples tag nobody. */
describe('examples in the agent’s replies name no handle', () => {
  it.each([
    ['help', { kind: 'help' as const }],
    ['not available yet', { kind: 'help' as const, feature: 'Promotion' }],
  ])('the %s reply', (_name, outcome) => {
    expect(tagged(formatReply(outcome, ctx)!)).toEqual([]);
  });

  it.each(Object.keys(REASONS) as InvalidReason[])('the "%s" refusal', (reason) => {
    const hint = invalidText({ kind: 'invalid', reason, detail: 'carol' });
    // "write the recipient as @carol" names only the account the asker typed.
    const allowed = reason === 'recipient_needs_at' ? ['carol'] : [];
    expect(tagged(formatReply({ kind: 'help', invalid: hint }, ctx)!)).toEqual(allowed);
  });
});
