import type { Command } from '../commands/grammar/types.ts';

/** Commands carry bigint amounts; JSON columns get them as decimal strings. */
export function commandToJson(command: Command): unknown {
  if (command.kind !== 'send' || command.amount === 'all') return command;
  return { ...command, amount: { units: command.amount.units.toString() } };
}

export function commandFromJson(json: unknown): Command {
  const c = json as Command & { amount?: { units: string } | 'all' };
  if (c.kind !== 'send' || c.amount === 'all') return c;
  return { ...c, amount: { units: BigInt((c.amount as { units: string }).units) } };
}
