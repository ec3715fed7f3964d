import { rememberXAccount } from '../../core/auth/remember-x-account.ts';
import { feeTierFor } from '../../core/subscriptions/index.ts';
import {
  getSpendableBalance,
  getWalletBalances,
  heldAmount,
  maxSendableWithNetworkFee,
  networkFeeAtMost,
  TransferError,
  transfer,
  transferFee,
} from '../../core/transfers/index.ts';
import { holdIfUnclaimed, markClaimed, migrateHandleWallets } from '../../core/unclaimed/index.ts';
import { ensureWalletForUser } from '../../core/wallets/index.ts';
import type { AgentDeps } from '../deps.ts';
import { type RecipientLookup, TransferRefused, type WalletPorts, type XAccount } from './ports.ts';

type Deps = Pick<AgentDeps, 'db' | 'config' | 'logger' | 'now' | 'x' | 'constellation'>;

/** The agent's wallet side, bound to the product's wallet and transfer services. */
export function createWalletPorts(
  deps: Deps,
  agentAccess: () => Promise<{ accessToken: string }>,
): WalletPorts {
  const recipientFor = async (handle: string): Promise<RecipientLookup> => {
    const { accessToken } = await agentAccess();
    const { user, suspended } = await deps.x.getUserByUsername(accessToken, handle);
    if (user) return { account: { xUserId: user.id, username: user.username } };
    return { refused: suspended ? 'suspended_handle' : 'unknown_handle' };
  };
  const resolveHandle = async (handle: string): Promise<XAccount | null> => {
    const found = await recipientFor(handle);
    return 'account' in found ? found.account : null;
  };

  return {
    resolveHandle,
    recipientFor,
    claimedBy: (xUserId) => markClaimed(deps.db, { xUserId, now: deps.now() }),
    async migrateHandleWallets() {
      const done = await migrateHandleWallets(deps, {
        lookup: async (handle) => {
          const found = await recipientFor(handle);
          if ('account' in found) return found.account;
          return found.refused === 'suspended_handle' ? 'suspended' : null;
        },
        now: deps.now(),
        days: deps.config.wallets.unclaimedReturnDays,
      });
      return done.size;
    },
    async walletFor(account) {
      await rememberXAccount(deps.db, account);
      const wallet = await ensureWalletForUser(deps, { xUserId: account.xUserId });
      return { address: wallet.dagAddress };
    },
    balances: (address) => getWalletBalances(deps, { address }),
    heldUp: (address) => heldAmount(deps.db, { address, token: 'UP' }),
    feeTier: (xUserId) => feeTierFor(deps, { userId: xUserId }),
    fee: transferFee,
    maxSendable: maxSendableWithNetworkFee,
    networkFeeAtMost,
    async transfer(req) {
      try {
        const record = await transfer(
          { ...deps, resolveHandle: (h) => resolveHandle(h) },
          {
            from: { xUserId: req.fromXUserId },
            to: req.to,
            token: req.token,
            amount: req.amount,
            idempotencyKey: req.idempotencyKey,
            feeTier: req.feeTier,
          },
        );
        const amount = record.amount ?? 0n;
        const fee = record.fee ?? 0n;
        const balanceAfter = await getSpendableBalance(deps, {
          address: record.fromAddress,
          token: req.token,
        }).catch(() => null);
        const returnsAt =
          'xUserId' in req.to
            ? await holdIfUnclaimed(deps.db, {
                transferId: record.id,
                recipientXUserId: req.to.xUserId,
                now: deps.now(),
                days: deps.config.wallets.unclaimedReturnDays,
              })
            : null;
        return {
          transferId: record.id,
          amount,
          fee,
          networkFee: record.networkFee,
          toAddress: record.toAddress,
          txHashes: [record.paymentHash, record.feeHash].filter((h): h is string => Boolean(h)),
          balanceAfter,
          returnsAt,
        };
      } catch (err) {
        if (!(err instanceof TransferError)) throw err;
        const code = err.code;
        if (code === 'insufficient_balance') {
          const { balance, needed } = err.details;
          throw new TransferRefused(code, err.message, balance, needed);
        }
        if (code === 'invalid_address' || code === 'amount_not_positive') {
          throw new TransferRefused(code, err.message);
        }
        if (code === 'same_wallet') throw new TransferRefused('self_send', err.message);
        throw new TransferRefused('other', err.message);
      }
    },
  };
}
