import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePostText } from '@/shared/post-text/normalize.ts';
import type { Token } from '@/shared/tokens.ts';
import { parseCommand } from './parse.ts';
import type { Command } from './types.ts';

/**
 * Fuzzing the grammar: 100,000 generated posts in total. Valid commands must parse exactly;
 * mutated and random texts must never throw and never produce a send the text does not state.
 */

const AGENT = 'UpsiderAgent';
/** About 10 s on an idle 2-core machine; generous because the whole suite shares the CPUs. */
const FUZZ_TIMEOUT_MS = 120_000;
const ctx = { agentHandle: AGENT };
const ADDRESSES = [
  'DAG77zerQ2BUVhtVgkmseihkEfLXieBBm57vqA4J',
  'DAG0zJW14beJtZX2BY2KA9gLbpaZ8x6vgX4KVPVX',
  'DAG42KmGjqw6f7zQdeHFwyJXrptsHkExks52aStY',
];

/** Independent of the parser: every plain-ASCII decimal literal in the text, in base units. */
function decimalsIn(text: string): bigint[] {
  const found: bigint[] = [];
  for (const [run] of text.matchAll(/[0-9][0-9.,]*/g)) {
    const literal = run.replace(/[.,]+$/, '');
    const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,8}))?$/.exec(literal);
    if (!match) continue;
    const whole = BigInt(match[1]!.replaceAll(',', ''));
    found.push(whole * 100_000_000n + BigInt((match[2] ?? '').padEnd(8, '0')));
  }
  return found;
}

/** "@handle" as a whole word: not the prefix of a longer name in any script ("@b" in "@bοb"). */
const containsHandle = (text: string, handle: string) =>
  new RegExp(`@${handle}(?![\\p{L}\\p{M}\\p{N}_])`, 'iu').test(text);

/** The property every send must satisfy, checked on the raw text and on its normalization. */
function expectSendStatedIn(text: string, command: Command) {
  if (command.kind !== 'send') return;
  for (const version of [text, normalizePostText(text)]) {
    expect(containsHandle(version, AGENT)).toBe(true);
    if (command.amount === 'all') expect(version).toMatch(/(?<![A-Za-z])all(?![A-Za-z])/i);
    else expect(decimalsIn(version)).toContain(command.amount.units);
    if ('handle' in command.to) expect(containsHandle(version, command.to.handle)).toBe(true);
    else expect(version).toContain(command.to.address);
  }
}

const handle = fc
  .stringMatching(/^[A-Za-z0-9_]{1,15}$/)
  .filter((h) => h.toLowerCase() !== AGENT.toLowerCase());
const amount = fc
  .record({
    whole: fc.bigInt({ min: 0n, max: 10n ** 24n }),
    fraction: fc.stringMatching(/^[0-9]{0,8}$/),
    commas: fc.boolean(),
  })
  .filter(({ whole, fraction }) => whole > 0n || /[1-9]/.test(fraction))
  .map(({ whole, fraction, commas }) => {
    const digits = commas ? whole.toLocaleString('en-US') : whole.toString();
    return {
      text: fraction ? `${digits}.${fraction}` : digits,
      units: whole * 100_000_000n + BigInt(fraction.padEnd(8, '0')),
      grouped: digits.includes(','),
    };
  });
const token = fc.option(
  fc.record({
    token: fc.constantFrom<Token>('UP', 'DAG', 'DOR'),
    dollar: fc.boolean(),
    lower: fc.boolean(),
  }),
  { nil: undefined },
);
const recipient = fc.oneof(
  handle.map((h) => ({ text: `@${h}`, to: { handle: h.toLowerCase() } })),
  fc.constantFrom(...ADDRESSES).map((a) => ({ text: a, to: { address: a } })),
);
const leading = fc.array(
  handle.map((h) => `@${h}`),
  { maxLength: 3 },
);

/** A valid send and what it must parse to. */
const validSend = fc
  .record({
    verb: fc.constantFrom('send', 'tip', 'give', 'pay', 'transfer', 'Send', 'SEND'),
    amount: fc.oneof(amount, fc.constant('all' as const)),
    token,
    recipient,
    recipientFirst: fc.boolean(),
    leading,
    mentionAtEnd: fc.boolean(),
    tail: fc.constantFrom('', '!', ' thanks 🙏', ' for the pizza', '.'),
  })
  .map((g) => {
    const tokenText = g.token
      ? ` ${g.token.dollar ? '$' : ''}${g.token.lower ? g.token.token.toLowerCase() : g.token.token}`
      : '';
    const amountText = g.amount === 'all' ? 'all my' : g.amount.text;
    const byHandle = 'handle' in g.recipient.to;
    const body =
      g.recipientFirst && byHandle
        ? `${g.verb} ${g.recipient.text} ${amountText}${tokenText}`
        : `${g.verb} ${amountText}${tokenText} to ${g.recipient.text}`;
    const text = g.mentionAtEnd
      ? `${[...g.leading, body].join(' ')} @${AGENT}${g.tail}`
      : `${[...g.leading, `@${AGENT}`, body].join(' ')}${g.tail}`;
    // A grouping comma is never guessed at (decision 0005): the agent asks for plain digits.
    const grouped = g.amount !== 'all' && g.amount.grouped;
    const expected: Command = grouped
      ? { kind: 'invalid', reason: 'grouped_amount' }
      : {
          kind: 'send',
          amount: g.amount === 'all' ? 'all' : { units: g.amount.units },
          token: g.token?.token ?? 'UP',
          to: g.recipient.to,
        };
    return { text, expected };
  });

const codePoint = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7e }),
  fc.integer({ min: 0, max: 0x10ffff }).filter((c) => c < 0xd800 || c > 0xdfff),
  fc.constantFrom(
    ...[0x200b, 0x200d, 0x202e, 0x2066, 0xfeff, 0x00ad, 0x0301, 0x0335],
    ...[0x0430, 0x043e, 0x0435, 0x0408, 0x0420, 0x03bf, 0x03bd, 0xff20, 0xff11, 0xff35],
    ...[0x0663, 0x06f3, 0x096b, 0x1d7d7, 0x00b9, 0x2070, 0x00bd, 0x2460, 0x2212, 0x201c],
  ),
);
const fragment = fc.oneof(
  codePoint.map((c) => String.fromCodePoint(c)),
  fc.constantFrom(
    ...['@', ' @eve ', ' said: ', '"', '“', '\n> ', ' RT ', ' via ', ' to ', ' all ', ' 0 ', '-'],
    ...[' 99999999999999999999999999999 ', '.', ',', '?', " don't ", ' not ', ' send ', ' UP '],
    ...[' $DAG ', ' DAG', ' @a @b @c @d @e @f @g @h', ` @${AGENT} `, ' 1,000 ', ' 0.000000001 '],
    ...[ADDRESSES[1]!, ' tip @bob 5 ', ' balance '],
  ),
  handle.map((h) => ` @${h} `),
);
const mutation = fc.record({
  kind: fc.constantFrom('insert', 'delete', 'replace'),
  at: fc.nat(),
  span: fc.integer({ min: 1, max: 4 }),
  text: fragment,
});

type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function mutate(text: string, mutations: readonly Mutation[]) {
  let out = text;
  for (const m of mutations) {
    const at = m.at % (out.length + 1);
    const cut = m.kind === 'insert' ? 0 : m.span;
    out = out.slice(0, at) + (m.kind === 'delete' ? '' : m.text) + out.slice(at + cut);
  }
  return out;
}

const WORDS = ['send', 'tip', 'to', 'all', 'my', 'UP', '$dag', 'DOR', '10', '0.5', '-1', '?', ':'];
const wordSoup = fc
  .array(
    fc.oneof(
      fc.constantFrom(...WORDS, `@${AGENT}`, ...ADDRESSES),
      handle.map((h) => `@${h}`),
      fragment,
    ),
    {
      maxLength: 14,
    },
  )
  .map((parts) => parts.join(' '));

describe('parseCommand fuzzing (100,000 posts)', () => {
  it(
    'parses 20,000 generated valid sends exactly',
    () => {
      fc.assert(
        fc.property(validSend, ({ text, expected }) => {
          expect(parseCommand(text, ctx)).toEqual(expected);
        }),
        { numRuns: 20_000 },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'never throws and never invents a send in 60,000 mutated commands',
    () => {
      let sends = 0;
      fc.assert(
        fc.property(
          validSend,
          fc.array(mutation, { minLength: 1, maxLength: 4 }),
          (valid, edits) => {
            const text = mutate(valid.text, edits);
            const command = parseCommand(text, ctx);
            if (command.kind === 'send') sends++;
            expectSendStatedIn(text, command);
          },
        ),
        { numRuns: 60_000 },
      );
      // The property is only meaningful if many mutated posts still parse as sends.
      expect(sends).toBeGreaterThan(3_000);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'never throws and never invents a send in 20,000 random texts',
    () => {
      const anyText = fc.string({
        unit: codePoint.map((c) => String.fromCodePoint(c)),
        maxLength: 80,
      });
      fc.assert(
        fc.property(fc.oneof(anyText, wordSoup), (text) => {
          expectSendStatedIn(text, parseCommand(text, ctx));
        }),
        { numRuns: 20_000 },
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
