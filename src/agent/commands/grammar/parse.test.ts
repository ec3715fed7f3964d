import { describe, expect, it } from 'vitest';
import type { Token } from '@/shared/tokens.ts';
import { parseCommand } from './parse.ts';
import type { Command } from './types.ts';

const ctx = { agentHandle: 'UpsiderAgent' };
const A = '@UpsiderAgent';
const ADDRESS = 'DAG0zJW14beJtZX2BY2KA9gLbpaZ8x6vgX4KVPVX';

const self = { self: true } as const;
const send = (units: bigint | 'all', token: Token, to: string): Command => ({
  kind: 'send',
  amount: units === 'all' ? 'all' : { units },
  token,
  to: to.startsWith('@') ? { handle: to.slice(1) } : { address: to },
});
const unknown: Command = { kind: 'unknown' };
const invalid = (
  reason: Extract<Command, { kind: 'invalid' }>['reason'],
  detail?: string,
): Command =>
  detail === undefined ? { kind: 'invalid', reason } : { kind: 'invalid', reason, detail };
const UNIT = 100_000_000n;

const CASES: [string, Command][] = [
  // Balance, own or another handle's; the mention may be anywhere.
  [`${A} balance`, { kind: 'balance', target: self }],
  [`${A} my balance`, { kind: 'balance', target: self }],
  [`${A} what's my balance`, { kind: 'balance', target: self }],
  [`${A} what’s my balance?`, { kind: 'balance', target: self }],
  [`${A} bal`, { kind: 'balance', target: self }],
  [`${A} BALANCE`, { kind: 'balance', target: self }],
  [`${A} balance @bob`, { kind: 'balance', target: { handle: 'bob' } }],
  [`${A} @bob's balance`, { kind: 'balance', target: { handle: 'bob' } }],
  [`${A} what's @bob's balance`, { kind: 'balance', target: { handle: 'bob' } }],
  [`${A} what is @Bob’s balance??`, { kind: 'balance', target: { handle: 'bob' } }],
  [`${A} balance of @bob`, { kind: 'balance', target: { handle: 'bob' } }],
  [`what's my balance ${A}`, { kind: 'balance', target: self }],
  [`hey ${A}, what's my balance? 🙏`, { kind: 'balance', target: self }],
  [`@alice ${A} balance`, { kind: 'balance', target: self }],
  [`${A} how much UP do I have`, { kind: 'balance', target: self }],
  [`${A} my $UP balance`, { kind: 'balance', target: self }],
  // Address.
  [`${A} address`, { kind: 'address', target: self }],
  [`${A} my address`, { kind: 'address', target: self }],
  [`${A} what's my address`, { kind: 'address', target: self }],
  [`${A} what is my address`, { kind: 'address', target: self }],
  [`${A} wallet`, { kind: 'address', target: self }],
  [`${A} my wallet address`, { kind: 'address', target: self }],
  [`${A} what's @bob's address`, { kind: 'address', target: { handle: 'bob' } }],
  [`${A} address @bob`, { kind: 'address', target: { handle: 'bob' } }],
  [`@alice ${A} what's my address`, { kind: 'address', target: self }],
  // Sends: every verb, both word orders, default token, 'all', addresses.
  [`${A} send 10 UP to @bob`, send(10n * UNIT, 'UP', '@bob')],
  [`${A} send @bob 10 UP`, send(10n * UNIT, 'UP', '@bob')],
  [`${A} send 10 to @bob`, send(10n * UNIT, 'UP', '@bob')],
  [`${A} tip @bob 5`, send(5n * UNIT, 'UP', '@bob')],
  [`${A} tip 5 UP to @bob`, send(5n * UNIT, 'UP', '@bob')],
  [`${A} give @bob 10 dag`, send(10n * UNIT, 'DAG', '@bob')],
  [`${A} pay @bob 3 DOR`, send(3n * UNIT, 'DOR', '@bob')],
  [`${A} transfer 10 UP to @bob`, send(10n * UNIT, 'UP', '@bob')],
  [`${A} send all my DAG to @bob`, send('all', 'DAG', '@bob')],
  [`${A} send all to @bob`, send('all', 'UP', '@bob')],
  [`${A} send all of my DOR to @bob_99`, send('all', 'DOR', '@bob_99')],
  [`${A} send 10 $DAG to @bob`, send(10n * UNIT, 'DAG', '@bob')],
  [`${A} send 0.5 UP to @bob`, send(50_000_000n, 'UP', '@bob')],
  [`${A} send 1,000 UP to @bob`, { kind: 'invalid', reason: 'grouped_amount' }],
  [`${A} send 0.00000001 DOR to @bob`, send(1n, 'DOR', '@bob')],
  [
    `${A} send 12345678901234567890.12345678 UP to @bob`,
    send(1234567890123456789012345678n, 'UP', '@bob'),
  ],
  [`${A} Send 10 up TO @Bob!!`, send(10n * UNIT, 'UP', '@bob')],
  [`${A} please send 10 UP to @bob, thanks 🙏`, send(10n * UNIT, 'UP', '@bob')],
  [`${A} send 10 UP to @bob for the pizza 🍕`, send(10n * UNIT, 'UP', '@bob')],
  [`send 10 UP to @bob ${A}`, send(10n * UNIT, 'UP', '@bob')],
  [`hey ${A} send 10 UP to @bob`, send(10n * UNIT, 'UP', '@bob')],
  [`@alice ${A} send 10 UP to @bob`, send(10n * UNIT, 'UP', '@bob')],
  [`${A}: send 10 UP to @bob`, send(10n * UNIT, 'UP', '@bob')],
  [`${A} send 10UP to @bob`, send(10n * UNIT, 'UP', '@bob')],
  [`${A} send 10 UP tokens to @bob`, send(10n * UNIT, 'UP', '@bob')],
  [`${A} send 10 UP → @bob`, send(10n * UNIT, 'UP', '@bob')],
  [`${A} send 25 DAG to ${ADDRESS}`, send(25n * UNIT, 'DAG', ADDRESS)],
  [`${A} send 10 UP to @bob "for lunch"`, send(10n * UNIT, 'UP', '@bob')],
  [`${A} send 5 UP to @bob https://t.co/5xYz9`, send(5n * UNIT, 'UP', '@bob')],
  // Confirm, help, and the features answered with help for now.
  [`${A} confirm`, { kind: 'confirm' }],
  [`${A} Confirm ✅`, { kind: 'confirm' }],
  [`${A} help`, { kind: 'help' }],
  [`${A} commands`, { kind: 'help' }],
  [`${A} how does this work?`, { kind: 'help' }],
  [`${A} help me send 10 UP to @bob`, { kind: 'help' }],
  [`${A} save this`, { kind: 'fingerprint' }],
  [`${A} fingerprint this`, { kind: 'fingerprint' }],
  [`${A} create proof`, { kind: 'fingerprint' }],
  [`${A} archive this`, { kind: 'fingerprint' }],
  [`${A} please fingerprint this post`, { kind: 'fingerprint' }],
  [`${A} make a proof of this`, { kind: 'fingerprint' }],
  [`${A} video`, { kind: 'video' }],
  [`${A} make a video about this`, { kind: 'video' }],
  // Near misses: negations, questions, descriptions, other addressees, ambiguity → no send;
  // where the reason is plain, a refusal that names it.
  [`${A} don't send 10 UP to @bob`, unknown],
  [`${A} do not send 10 UP to @bob`, unknown],
  [`${A} never send 10 UP to @bob`, unknown],
  [`${A} should I send 10 UP to @bob?`, unknown],
  [`${A} can you send 10 UP to @bob`, unknown],
  [`${A} send 10 UP to @bob?`, invalid('not_a_command')],
  [`${A} I sent 10 UP to @bob yesterday`, unknown],
  [`${A} sending 10 UP to @bob`, unknown],
  [`${A} send me 10 UP`, unknown],
  [`@bob send 10 UP to @carol`, unknown],
  [`${A} @bob send 10 UP`, unknown],
  [`${A} send 10 UP`, unknown],
  [`${A} send 10 UP to bob`, invalid('recipient_needs_at', 'bob')],
  [`${A} send 10 UP to ${A}`, unknown],
  [`${A} send 10 UP to @bob and @carol`, invalid('one_send_per_post')],
  [`${A} send 10 UP to @bob and 5 UP to @carol`, invalid('one_send_per_post')],
  [`${A} send 10 UP to @bob if he wins`, invalid('not_a_command')],
  [`${A} send 10 UP to @bob tomorrow`, invalid('not_a_command')],
  [`${A} send 10 UP to @bob jk`, invalid('not_a_command')],
  [`${A} send 10 UP to @bob's wallet`, unknown],
  [`${A} send 10 UP to @this_is_too_long_x`, unknown],
  [`${A} send 10 XYZ to @bob`, invalid('unsupported_token', 'XYZ')],
  [`${A} send 5 btc to @bob`, invalid('unsupported_token', 'BTC')],
  [`${A} send 5 $ETH to @bob`, invalid('unsupported_token', 'ETH')],
  [`${A} send five UP to @bob`, invalid('amount_in_words')],
  [`${A} send $10 to @bob`, unknown],
  [`${A} send 10$ to @bob`, unknown],
  [`${A} send €10 to @bob`, unknown],
  [`${A} send 10 % to @bob`, unknown],
  [`${A} send 10 USD to @bob`, invalid('unsupported_token', 'USD')],
  [`${A} send 1.123456789 UP to @bob`, invalid('too_many_decimals')],
  [`${A} send 1,00 UP to @bob`, { kind: 'invalid', reason: 'grouped_amount' }],
  [`${A} send 10k UP to @bob`, unknown],
  [`${A} send 1e5 UP to @bob`, unknown],
  [`${A} send .5 UP to @bob`, unknown],
  [`${A} send 1 000 UP to @bob`, unknown],
  [`${A} send "10" UP to @bob`, unknown],
  [`${A} send 10 UP to ${ADDRESS} @carol`, invalid('one_send_per_post')],
  [`${A}`, unknown],
  [`${A} gm`, unknown],
  [`${A} what's my balance and @bob's address`, unknown],
  [`${A} balance @bob @carol`, unknown],
  // Refusals the agent explains.
  [`${A} send 0 UP to @bob`, invalid('amount_not_positive')],
  [`${A} send 0.00 DAG to @bob`, invalid('amount_not_positive')],
  [`${A} send -5 UP to @bob`, invalid('amount_not_positive')],
  [`${A} tip @bob -3`, invalid('amount_not_positive')],
  [`${A} send 10 UP to ${ADDRESS.slice(0, 39)}`, invalid('invalid_address')],
  [`${A} send 10 UP to DAG1zJW14beJtZX2BY2KA9gLbpaZ8x6vgX4KVPVX`, invalid('invalid_address')],
  [`${A} send 10 UP to DAGnotanaddress`, invalid('invalid_address')],
  [`${A} send 10 UP to @bоb`, invalid('suspicious_characters')],
  [`${A} send １０ UP to @bob`, invalid('suspicious_characters')],
  [`${A} balance @bоb`, invalid('suspicious_characters')],
];

describe('parseCommand', () => {
  it.each(CASES)('%s', (text, expected) => {
    expect(parseCommand(text, ctx)).toEqual(expected);
  });

  it('has a broad table', () => {
    expect(CASES.length).toBeGreaterThan(100);
  });

  it('reads the agent handle case-insensitively', () => {
    expect(parseCommand('@upsideragent balance', ctx)).toEqual({ kind: 'balance', target: self });
    expect(parseCommand('@UPSIDERAGENT balance', ctx)).toEqual({ kind: 'balance', target: self });
  });
});
