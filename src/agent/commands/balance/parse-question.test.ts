import { describe, expect, it } from 'vitest';
import { parseCommand } from '../grammar/parse.ts';
import type { Command } from '../grammar/types.ts';

/** Questions and help tolerate extra words, punctuation and the mention's position. */

const ctx = { agentHandle: 'UpsiderAgent' };
const A = '@UpsiderAgent';
const ADDRESS = 'DAG0zJW14beJtZX2BY2KA9gLbpaZ8x6vgX4KVPVX';

const balance = (of?: string): Command => ({
  kind: 'balance',
  target: of ? { handle: of } : { self: true },
});
const address = (of?: string): Command => ({
  kind: 'address',
  target: of ? { handle: of } : { self: true },
});
const help: Command = { kind: 'help' };
const unknown: Command = { kind: 'unknown' };

const TOLERATED: [string, Command][] = [
  [`${A} balance kqz`, balance()],
  [`${A} what's my address, thanks`, address()],
  [`${A} balance please`, balance()],
  [`${A} my balance pls 🙏`, balance()],
  [`hey ${A} what's my balance?`, balance()],
  [`${A} hey what's my balance?`, balance()],
  [`${A} what is my address please`, address()],
  [`gm! ${A} balance`, balance()],
  [`${A} gm! balance`, balance()],
  [`${A} address thx`, address()],
  [`${A} can you tell me my balance`, balance()],
  [`${A} could you show me my address please?`, address()],
  [`${A} yo, quick one: what's my bal rn?`, balance()],
  [`${A} balance?`, balance()],
  [`${A} address?!`, address()],
  [`${A} wen balance ser 😅`, balance()],
  [`${A} I'd like to know my wallet address, ty!`, address()],
  [`${A} what's my current $UP balance looking like today?`, balance()],
  [`what's my address? thanks ${A}`, address()],
  [`${A} new here — what's my wallet?`, address()],
  [`${A} how much UP do I have, thanks!`, balance()],
  [`${A} how much does @bob have?`, balance('bob')],
  [`${A} what's @bob's balance? curious`, balance('bob')],
  [`${A} hey, can you check the balance of @Bob please`, balance('bob')],
  [`${A} address for @bob_99 pls 🙏`, address('bob_99')],
  [`${A} what's your address @bob?`, address('bob')],
  [`${A} help please`, help],
  [`${A} help?`, help],
  [`${A} hey, how does this work? thanks`, help],
  [`${A} gm, what can you do for me?`, help],
  [`${A} new here, how do I use this?`, help],
];

const REFUSED: [string, Command][] = [
  // Two handles or two targets: the agent never picks one.
  [`${A} balance @bob @carol`, unknown],
  [`${A} balance of @bob and @carol?`, unknown],
  [`${A} what's my balance, @bob?`, unknown],
  [`${A} what's my balance and @bob's address`, unknown],
  [`${A} balance and address please`, unknown],
  // Someone else's wallet without a handle to look up.
  [`${A} what's your address?`, unknown],
  [`${A} what's his balance`, unknown],
  [`${A} what's my mom's address`, unknown],
  // Negations and other times change what is asked.
  [`${A} don't show my balance`, unknown],
  [`${A} not my address, thanks`, unknown],
  [`${A} what was my balance yesterday?`, unknown],
  // Posts that also talk about moving money, amounts, coins or addresses.
  [`${A} don't send 10 UP to my wallet`, unknown],
  [`${A} don't send anything to my wallet`, unknown],
  [`${A} I sent @bob some UP, balance?`, unknown],
  [`${A} what's my balance? send 10 UP to @bob`, unknown],
  [`${A} how much did I send?`, unknown],
  [`${A} balance 10`, unknown],
  [`${A} my $PEPE balance?`, unknown],
  [`${A} what's the balance of ${ADDRESS}?`, unknown],
  // A question mark never turns a send into anything else.
  [`${A} send 10 UP to @bob? balance`, { kind: 'invalid', reason: 'not_a_command' }],
  [`${A} send 10 UP to @bob?`, { kind: 'invalid', reason: 'not_a_command' }],
  // No subject at all, and lookalikes in the handle asked about.
  [`${A} kqz please?`, unknown],
  // Remarks that mention a wallet are not questions about one.
  [`I love this wallet ${A}`, unknown],
  [`${A} this wallet is great`, unknown],
  [`${A} best wallet ever`, unknown],
  [`${A} thanks!`, unknown],
  [`${A} balance @bоb pls`, { kind: 'invalid', reason: 'suspicious_characters' }],
];

describe('tolerant questions and help', () => {
  it.each(TOLERATED)('%s', (text, expected) => {
    expect(parseCommand(text, ctx)).toEqual(expected);
  });

  it.each(REFUSED)('refuses %s', (text, expected) => {
    expect(parseCommand(text, ctx)).toEqual(expected);
  });

  it('still reads a send with a polite tail as a send (send rules unchanged)', () => {
    expect(parseCommand(`${A} send 10 UP to @bob, thanks`, ctx)).toMatchObject({ kind: 'send' });
  });
});
