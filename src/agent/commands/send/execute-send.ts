import { isValidDagAddress } from '../../../shared/dag-address.ts';
import { commandFromJson, commandToJson } from '../../engine/command-json.ts';
import { createConfirmation } from '../../engine/confirmations.ts';
import type { EngineDeps } from '../../engine/engine-deps.ts';
import type { Outcome, RejectReason } from '../../engine/outcome.ts';
import { isPaused } from '../../engine/paused.ts';
import { TransferRefused, type TransferRequest, type XAccount } from '../../engine/ports.ts';
import type { Command } from '../grammar/types.ts';
import { releaseDailyAllowance, reserveDailyAllowance } from './send-limits.ts';

type Send = Extract<Command, { kind: 'send' }>;
const reject = (reason: RejectReason): Outcome => ({ kind: 'rejected', reason });

/**
 * One send, from the author's wallet only. Checks, in order: pause, recipient, amount, per-send
 * limit, preview threshold (unless this runs a confirmed preview), daily limit; then the
 * idempotent transfer keyed by `key` (the command's post id), so a re-run moves nothing more.
 */
export async function executeSend(
  deps: EngineDeps,
  p: { author: XAccount; command: Send; key: string; confirmed: boolean },
): Promise<Outcome> {
  const { wallets } = deps;
  const { command, author } = p;
  const toDisplay = command.to;
  if (await isPaused(deps.db, deps.config.paused)) return reject({ code: 'paused' });

  let to: TransferRequest['to'];
  if ('handle' in command.to) {
    // The X user id X returns now is who gets it (decision 0048); nothing moves otherwise.
    const found = await wallets.recipientFor(command.to.handle);
    if ('refused' in found) return reject({ code: found.refused, handle: command.to.handle });
    const { account } = found;
    if (account.xUserId === author.xUserId) return reject({ code: 'self_send' });
    await wallets.walletFor(account);
    to = { xUserId: account.xUserId };
  } else {
    if (!isValidDagAddress(command.to.address)) return reject({ code: 'invalid_address' });
    to = { address: command.to.address };
  }

  const tier = await wallets.feeTier(author.xUserId);
  const from = await wallets.walletFor(author);
  let amount: bigint;
  let balance: bigint | null = null;
  if (command.amount === 'all') {
    balance = (await wallets.balances(from.address))[command.token];
    amount = wallets.maxSendable(balance, tier);
    if (amount <= 0n) return reject({ code: 'nothing_to_send', token: command.token });
  } else {
    amount = command.amount.units;
    if (amount <= 0n) return reject({ code: 'amount_not_positive' });
  }
  const limits = deps.config.limits[command.token];
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
    balance ??= (await wallets.balances(from.address))[command.token];
    const fee = wallets.fee(amount, tier);
    const needed = amount + fee + wallets.networkFeeAtMost(balance, amount, tier);
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
    const expiresAt = new Date(deps.now().getTime() + deps.config.confirmTtlMs);
    const row = await createConfirmation(deps.db, {
      postId: p.key,
      authorId: author.xUserId,
      command: commandToJson(fixed),
      expiresAt,
    });
    // A re-run of the same post shows the first preview's amount.
    const stored = commandFromJson(row.command);
    const previewed =
      stored.kind === 'send' && stored.amount !== 'all' ? stored.amount.units : amount;
    const networkFee = wallets.networkFeeAtMost(balance, previewed, tier);
    return {
      kind: 'preview',
      token: command.token,
      amount: previewed.toString(),
      fee: wallets.fee(previewed, tier).toString(),
      ...(networkFee > 0n ? { networkFeeAtMost: networkFee.toString() } : {}),
      to: toDisplay,
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  // The limit is checked on, and the transfer moves, one planned amount. A re-run after a crash
  // reads the amount reserved the first time (a new 'all' would differ, and the transfer's
  // idempotency key must see the same request).
  const reserved = await reserveDailyAllowance(deps.db, {
    key: p.key,
    authorId: author.xUserId,
    token: command.token,
    amount,
    perDay: limits.perDay,
    now: deps.now(),
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
    const done = await wallets.transfer({
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
    if (!(err instanceof TransferRefused)) throw err;
    await releaseDailyAllowance(deps.db, p.key);
    return refusal(err, command.token, from.address);
  }
}

function refusal(err: TransferRefused, token: Send['token'], address: string): Outcome {
  switch (err.code) {
    case 'insufficient_balance':
      return reject({
        code: 'insufficient_balance',
        token,
        balance: (err.balance ?? 0n).toString(),
        needed: (err.needed ?? 0n).toString(),
        address,
      });
    case 'invalid_address':
    case 'amount_not_positive':
    case 'self_send':
      return reject({ code: err.code });
    default:
      return reject({ code: 'transfer_failed', message: err.message });
  }
}
