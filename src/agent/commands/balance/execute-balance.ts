import type { AgentContext } from '../../context.ts';
import type { CommandInput } from '../../engine/command-input.ts';
import type { Outcome } from '../../engine/outcome.ts';
import { mentionedAccount } from '../../inbox/normalize-post.ts';
import type { Command } from '../grammar/types.ts';

type BalanceOrAddress = Extract<Command, { kind: 'balance' | 'address' }>;

/** The balance or address of the author's wallet, or of another X account's (created if new). */
export async function executeBalance(
  ctx: AgentContext,
  input: CommandInput & { command: BalanceOrAddress },
): Promise<Outcome> {
  const { command, author } = input;
  // Another account: as X served it with the post (decision 0071), else looked up now.
  const account =
    'self' in command.target
      ? author
      : (mentionedAccount(input.post, command.target.handle) ??
        (await ctx.wallets.resolveHandle(command.target.handle)));
  if (!account && 'handle' in command.target) {
    return {
      kind: 'rejected',
      reason: { code: 'unknown_handle', handle: command.target.handle },
    };
  }
  const { address } = await ctx.wallets.walletFor(account!);
  const subject =
    'self' in command.target ? { self: true as const } : { handle: account!.username };
  if (command.kind === 'address') return { kind: 'address', subject, address };
  const [b, held] = await Promise.all([
    ctx.wallets.balances(address),
    'self' in subject ? ctx.wallets.heldUp(address) : 0n,
  ]);
  return {
    kind: 'balance',
    subject,
    address,
    balances: { UP: b.UP.toString(), DAG: b.DAG.toString(), DOR: b.DOR.toString() },
    ...(held > 0n ? { heldUp: held.toString() } : {}),
  };
}
