import { describe, expect, it } from 'vitest';
import { parseCommand } from '../commands/grammar/parse.ts';
import type { Command } from '../commands/grammar/types.ts';
import { formatReply } from './format-reply.ts';
import { invalidText } from './invalid-text.ts';

/** The reply to a refused command, as the engine words it. */
function runCommandReplyFor(command: Command): string {
  if (command.kind !== 'invalid') throw new Error(`not a refusal: ${JSON.stringify(command)}`);
  const ctx = {
    publicUrl: 'https://upsider.example',
    explorerTxUrl: 'https://explorer.example/tx/',
    receiptId: '1799999999999999999',
    now: new Date(),
  };
  return formatReply({ kind: 'help', invalid: invalidText(command) }, ctx)!;
}

const parse = (text: string) =>
  parseCommand(`@UpsiderAgent ${text}`, { agentHandle: 'UpsiderAgent' });

/**
 * Refusals name their reason, so the author can fix the post, and fit in one post with the guide
 * and receipt links.
 */
describe('refusal reasons', () => {
  it.each([
    ['send 5 BTC to @bob', 'Nothing sent: I hold UP, DAG and DOR, not BTC.'],
    ['send 1.123456789 UP to @bob', 'Nothing sent: amounts have at most 8 decimals.'],
    ['send five UP to @bob', 'Nothing sent: write the amount in digits, like "send 5 UP to @…".'],
    ['send 10 DAG to bob', 'Nothing sent: write the recipient as @bob (or give a DAG address).'],
    ['send 5 UP to @bob?', 'Nothing sent: I only move money on a plain command'],
    ['send 5 UP to @bob tomorrow', 'Nothing sent: I only move money on a plain command'],
    ['send 5 UP to @bob and @carol', 'Nothing sent: one amount to one recipient per post.'],
    ['send 1,000 UP to @bob', 'Nothing sent: write the amount without commas'],
    ['subscribe premium for 24 months', 'Not subscribed: plans last 1 to 12 months.'],
  ])('%s → %s', (text, reason) => {
    const reply = runCommandReplyFor(parse(text));
    expect(reply.startsWith(reason)).toBe(true);
    expect(reply).toContain('/how-it-works');
    // X weighs every link as 23 characters.
    const weighted = reply.replace(/https?:\/\/\S+/g, 'x'.repeat(23)).length;
    expect(weighted).toBeLessThanOrEqual(280);
  });
});
