import { describe, expect, it } from 'vitest';
import {
  exampleText,
  HOW_IT_WORKS_EXAMPLES,
  type WalletIntent,
} from '@/shared/how-it-works-examples.ts';
import { parseAmount } from './amount.ts';
import { parseCommand } from './parse.ts';
import type { Command } from './types.ts';

const AGENT = 'UpsiderAgent';

/** The page's intent, in the parser's terms. */
function expected(intent: WalletIntent): Command {
  if (intent.kind !== 'send') {
    const target = intent.of
      ? { handle: intent.of.slice(1).toLowerCase() }
      : { self: true as const };
    return { kind: intent.kind, target };
  }
  let amount: { units: bigint } | 'all' = 'all';
  if (intent.amount !== 'all') {
    const parsed = parseAmount(intent.amount);
    if (!parsed.ok) throw new Error(`bad example amount ${intent.amount}`);
    amount = { units: parsed.units };
  }
  const to = intent.to.startsWith('@')
    ? { handle: intent.to.slice(1).toLowerCase() }
    : { address: intent.to };
  return { kind: 'send', amount, token: intent.token, to };
}

const UNSUPPORTED_FEATURE = {
  analysis: 'analysis',
  promotion: 'promote',
} as const;

describe('/how-it-works examples', () => {
  const wallet = HOW_IT_WORKS_EXAMPLES.filter((example) => example.intent);

  it('lists wallet examples to check', () => {
    expect(wallet.length).toBeGreaterThanOrEqual(9);
  });

  it.each(wallet.map((example) => [example.id, example] as const))(
    'parses %s verbatim to its intended meaning',
    (_id, example) => {
      expect(parseCommand(exampleText(example, AGENT), { agentHandle: AGENT })).toEqual(
        expected(example.intent!),
      );
    },
  );

  it.each(HOW_IT_WORKS_EXAMPLES.filter((e) => !e.intent).map((e) => [e.id, e] as const))(
    'recognizes %s as a feature answered with help for now',
    (_id, example) => {
      const command = parseCommand(exampleText(example, AGENT), { agentHandle: AGENT });
      if (example.group === 'evidence') return expect(command).toEqual({ kind: 'fingerprint' });
      if (example.id === 'analyze-up')
        return expect(command).toEqual({ kind: 'analyze', token: 'UP' });
      if (example.id === 'analyze-dag')
        return expect(command).toEqual({ kind: 'analyze', token: 'DAG' });
      if (example.id === 'promote-quote')
        return expect(command).toEqual({ kind: 'promote', style: 'quote' });
      if (example.id === 'promote-comment')
        return expect(command).toEqual({ kind: 'promote', style: 'comment' });
      if (example.id === 'promote-video') return expect(command).toEqual({ kind: 'video' });
      expect(command.kind).toBe('unsupported');
      const feature = command.kind === 'unsupported' ? command.feature : undefined;
      expect(feature).toBe(UNSUPPORTED_FEATURE[example.group as keyof typeof UNSUPPORTED_FEATURE]);
    },
  );
});
