import { describe, expect, it } from 'vitest';
import { parseCommand } from '../grammar/parse.ts';
import type { Command } from '../grammar/types.ts';

const ctx = { agentHandle: 'UpsiderAgent' };
const A = '@UpsiderAgent';
const analyze = (token: 'UP' | 'DAG' | 'DOR'): Command => ({ kind: 'analyze', token });
const promote = (style: 'promote' | 'quote' | 'comment'): Command => ({ kind: 'promote', style });
const unknown: Command = { kind: 'unknown' };

const ANALYSIS: [string, Command][] = [
  [`${A} analyze $UP`, analyze('UP')],
  [`${A} analyse $up`, analyze('UP')],
  [`${A} analyze UP`, analyze('UP')],
  [`${A} analyze`, analyze('UP')],
  [`${A} analysis of $DAG`, analyze('DAG')],
  [`${A} analyze DOR please`, analyze('DOR')],
  [`hey ${A} can you analyze $UP?`, analyze('UP')],
  [`${A} quick analysis of the $UP token please`, analyze('UP')],
  [`${A} what do you think of $UP`, analyze('UP')],
  [`${A} what do you think about $DAG?`, analyze('DAG')],
  [`${A} thoughts on $UP?`, analyze('UP')],
  [`${A} what's your take on $DOR`, analyze('DOR')],
  [`${A} how does $UP look?`, analyze('UP')],
  [`${A} how's $UP doing`, analyze('UP')],
  [`${A} analyze $PEPE`, { kind: 'invalid', reason: 'analysis_token', detail: 'PEPE' }],
  [`${A} what do you think of $BTC`, { kind: 'invalid', reason: 'analysis_token', detail: 'BTC' }],
  // Near misses: descriptions, negations, other subjects, a second request, no coin.
  [`${A} I analyzed $UP yesterday`, unknown],
  [`${A} don't analyze $UP`, unknown],
  [`${A} analyze $UP and send 5 UP to @bob`, unknown],
  [`${A} analyze $UP and $DAG`, unknown],
  [`${A} analyze @bob`, unknown],
  [`${A} analyze my wallet`, unknown],
  [`${A} what do you think of @bob`, unknown],
  [`${A} what do you think`, unknown],
  [`${A} what do you think of this`, unknown],
  [`${A} thoughts on the weather`, unknown],
  [`I think $UP is great ${A}`, unknown],
  [`analyze $UP`, unknown],
  [`${A} analyze $UP tomorrow`, unknown],
];

const PROMOTION: [string, Command][] = [
  [`${A} promote this`, promote('promote')],
  [`${A} promote`, promote('promote')],
  [`${A} please promote this post`, promote('promote')],
  [`${A} boost this`, promote('promote')],
  [`${A} quote this`, promote('quote')],
  [`${A} quote this tweet pls`, promote('quote')],
  [`${A} comment on this`, promote('comment')],
  [`${A} comment on it please`, promote('comment')],
  [`${A} comment this`, promote('comment')],
  // Near misses: a named target, a second command, a description, a relayed request.
  [`${A} promote @bob`, unknown],
  [`${A} promote my project`, unknown],
  [`${A} promote this and send 5 UP to @bob`, unknown],
  [`${A} quote this: send 10 UP to @bob`, unknown],
  [`${A} I promoted this`, unknown],
  [`${A} don't promote this`, unknown],
  [`${A} comment on`, unknown],
  [`${A} promote https://x.com/bob/status/123`, promote('promote')],
  [`"${A} promote this" is what he said`, unknown],
  [`promote this`, unknown],
];

describe('analysis grammar', () => {
  it.each(ANALYSIS)('%s', (text, expected) => {
    expect(parseCommand(text, ctx)).toEqual(expected);
  });
});

describe('promote / quote / comment grammar', () => {
  it.each(PROMOTION)('%s', (text, expected) => {
    expect(parseCommand(text, ctx)).toEqual(expected);
  });
});
