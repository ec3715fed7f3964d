import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_GROUPS,
  exampleText,
  HOW_IT_WORKS_EXAMPLES,
  START_COMMAND,
} from './how-it-works-examples.ts';

describe('how-it-works examples', () => {
  it('puts the agent mention first', () => {
    const example = HOW_IT_WORKS_EXAMPLES[0]!;
    expect(exampleText(example, 'UpsiderAgent')).toBe(`@UpsiderAgent ${example.command}`);
  });

  it('gives every wallet example, and only those, an intended meaning', () => {
    for (const example of HOW_IT_WORKS_EXAMPLES) {
      expect(example.intent !== undefined, example.id).toBe(example.group === 'wallet');
    }
  });

  it('names in each intent the amount and recipient written in the command', () => {
    for (const { command, intent, id } of HOW_IT_WORKS_EXAMPLES) {
      if (intent?.kind === 'send') {
        expect(command, id).toContain(intent.amount);
        expect(command, id).toContain(intent.to);
      } else if (intent?.of) {
        expect(command, id).toContain(intent.of);
      }
    }
  });

  it('covers the wallet commands the agent must understand', () => {
    const commands = HOW_IT_WORKS_EXAMPLES.map((e) => e.command);
    expect(commands).toEqual(
      expect.arrayContaining([
        START_COMMAND,
        'balance',
        'balance @alice',
        "what's @alice's address",
        'send 10 UP to @alice',
        'send 5 DAG to @alice',
        'send all DOR to @alice',
        'send 25 UP to DAG77zerQ2BUVhtVgkmseihkEfLXieBBm57vqA4J',
        'tip @bob 5',
      ]),
    );
  });

  it('has unique ids and at least one example in every group', () => {
    const ids = HOW_IT_WORKS_EXAMPLES.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const group of EXAMPLE_GROUPS) {
      expect(
        HOW_IT_WORKS_EXAMPLES.some((e) => e.group === group.id),
        group.id,
      ).toBe(true);
    }
  });
});
