import { isValidDagAddress } from '@/shared/dag-address.ts';
import type { AgentContext } from '../../context.ts';
import { commandFromJson, commandToJson } from '../../engine/command-json.ts';
import { createConfirmation } from '../../engine/confirmations.ts';
import type { Outcome, RejectReason } from '../../engine/outcome.ts';
import { isPaused } from '../../engine/paused.ts';
import type { XAccount } from '../../engine/x-accounts.ts';
import { type InboxPost, mentionedAccount } from '../../inbox/normalize-post.ts';
import type { Command } from '../grammar/types.ts';
import { releaseDailyAllowance, reserveDailyAllowance } from './send-limits.ts';
import { transferRefusal } from './transfer-refusal.ts';

type Send = Extract<Command, { kind: 'send' }>;
const reject = (reason: RejectReason): Outcome => ({ kind: 'rejected', reason });

/**
 * One send, from the author's wallet only. Checks, in order: pause, recipient, amount, per-send
 * limit, preview threshold (unless this runs a confirmed preview), daily limit; then the
 * idempotent transfer keyed by `key` (the command's post id), so a re-run moves nothing more.
 */
export async function executeSend(
  ctx: AgentContext,
  p: {
    author: XAccount;
    command: Send;
    key: string;
    confirmed: boolean;
    /** The post that asked, when it came from X: the accounts it mentions, as X served them. */
    post?: Pick<InboxPost, 'entities'>;
  },
): Promise<Outcome> {
  const { command, author } = p;
  const toDisplay = command.to;
  if (await isPaused(ctx.db, ctx.agent.paused)) return reject({ code: 'paused' });

  let to: { xUserId: string } | { address: string };
  if ('handle' in command.to) {
    // The X user id X gives for the handle is who gets it (decision 0048): the account X served
    // with the post itself, else a lookup now (decision 0071); nothing moves otherwise.
    const served = p.post ? mentionedAccount(p.post, command.to.handle) : null;
    const found = served ? { account: served } : await ctx.wallets.recipientFor(command.to.handle);
    if ('refused' in found) return reject({ code: found.refused, handle: command.to.handle });
    const { account } = found;
    if (account.xUserId === author.xUserId) return reject({ code: 'self_send' });
    await ctx.wallets.walletFor(account);
    to = { xUserId: account.xUserId };
  } else {
    if (!isValidDagAddress(command.to.address)) return reject({ code: 'invalid_address' });
    to = { address: command.to.address };
  }

  const tier = await ctx.wallets.feeTier(author.xUserId);
  const from = await ctx.wallets.walletFor(author);
  let amount: bigint;
  let balance: bigint | null = null;
  if (command.amount === 'all') {
    balance = (await ctx.wallets.balances(from.address))[command.token];
    amount = ctx.wallets.maxSendable(balance, tier);
    if (amount <= 0n) return reject({ code: 'nothing_to_send', token: command.token });
  } else {
    amount = command.amount.units;
    if (amount <= 0n) return reject({ code: 'amount_not_positive' });
  }
  const limits = ctx.agent.limits[command.token];
  if (amount > limits.perSend) {
    return reject({
      code: 'over_send_limit',
      token: command.token,
      limit: limits.perSend.toString(),
    });
  }
  if (!p.confirmed && amount > limits.confirmAbove) {
    // Never ask "Reply confirm" for money that is not there (issue 43 §3): a preview the
    // wallet cannot cover is refused at once, with the balance and the total it needs.
    balance ??= (await ctx.wallets.balances(from.address))[command.token];
    const fee = ctx.wallets.fee(amount, tier);
    const needed = amount + fee + ctx.wallets.networkFeeAtMost(balance, amount, tier);
    if (needed > balance) {
      return reject({
        code: 'insufficient_balance',
        token: command.token,
        balance: balance.toString(),
        needed: needed.toString(),
        address: from.address,
      });
    }
    // The preview fixes the amount: 'confirm' sends exactly this, whatever arrives meanwhile.
    const fixed: Send = { ...command, amount: { units: amount } };
    const expiresAt = new Date(ctx.now().getTime() + ctx.agent.confirmTtlMs);
    const row = await createConfirmation(ctx.db, {
      postId: p.key,
      authorId: author.xUserId,
      command: commandToJson(fixed),
      expiresAt,
    });
    // A re-run of the same post shows the first preview's amount.
    const stored = commandFromJson(row.command);
    const previewed =
      stored.kind === 'send' && stored.amount !== 'all' ? stored.amount.units : amount;
    const networkFee = ctx.wallets.networkFeeAtMost(balance, previewed, tier);
    return {
      kind: 'preview',
      token: command.token,
      amount: previewed.toString(),
      fee: ctx.wallets.fee(previewed, tier).toString(),
      ...(networkFee > 0n ? { networkFeeAtMost: networkFee.toString() } : {}),
      to: toDisplay,
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  // The limit is checked on, and the transfer moves, one planned amount. A re-run after a crash
  // reads the amount reserved the first time (a new 'all' would differ, and the transfer's
  // idempotency key must see the same request).
  const reserved = await reserveDailyAllowance(ctx.db, {
    key: p.key,
    authorId: author.xUserId,
    token: command.token,
    amount,
    perDay: limits.perDay,
    now: ctx.now(),
  });
  if (!reserved.ok) {
    return reject({
      code: 'over_daily_limit',
      token: command.token,
      limit: reserved.limit.toString(),
      left: reserved.left.toString(),
    });
  }
  const planned = reserved.amount;

  try {
    const done = await ctx.wallets.transfer({
      fromXUserId: author.xUserId,
      to,
      token: command.token,
      amount: planned,
      idempotencyKey: p.key,
      feeTier: tier,
    });
    return {
      kind: 'sent',
      token: command.token,
      amount: done.amount.toString(),
      fee: done.fee.toString(),
      networkFee: done.networkFee.toString(),
      to: toDisplay,
      toAddress: done.toAddress,
      newBalance: done.balanceAfter === null ? null : done.balanceAfter.toString(),
      transferId: done.transferId,
      txHashes: done.txHashes,
      commandPostId: p.key,
      ...(done.returnsAt ? { returnsAt: done.returnsAt.toISOString() } : {}),
    };
  } catch (err) {
    const refused = transferRefusal(err, { token: command.token, address: from.address });
    if (!refused) throw err;
    await releaseDailyAllowance(ctx.db, p.key);
    return reject(refused);
  }
}
