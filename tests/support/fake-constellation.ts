import {
  type ConstellationClient,
  ConstellationHttpError,
  EMPTY_REFERENCE,
  type ExplorerTransaction,
  type SignedTransaction,
  type TransactionReference,
  transactionHash,
  verifySignedTransaction,
} from '@/integrations/constellation/index.ts';
import type { Token } from '@/shared/tokens.ts';

interface Pooled {
  token: Token;
  hash: string;
  signed: SignedTransaction;
}

/**
 * An in-memory Constellation network for medium tests of core/transfers: no HTTP, no twin, only
 * the client interface the core calls. Posted transactions wait in a pool until `snapshot()`,
 * which accepts them in order (balances, last references, the explorer's lists). A node's
 * refusals are the real error type: a bad signature, a parent that is not the chain's head, or
 * more than the balance. No fee-less limit (a local network): every network fee is 0.
 */
export function fakeConstellation() {
  const balances = new Map<string, bigint>();
  const heads = new Map<string, TransactionReference>();
  const explorer = new Map<string, ExplorerTransaction>();
  const snapshots = new Map<string, ExplorerTransaction[]>();
  let pool: Pooled[] = [];
  let ordinal = 1n;
  const posted: string[] = [];
  const key = (token: string, id: string | bigint) => `${token}:${id}`;
  const head = (token: Token, address: string) => heads.get(key(token, address)) ?? EMPTY_REFERENCE;
  const balance = (token: Token, address: string) => balances.get(key(token, address)) ?? 0n;
  const refuse = (name: string, message: string) => {
    throw new ConstellationHttpError('fake://l1/transactions', 400, `${name}(${message})`, name);
  };
  const pooledFrom = (token: Token, source: string) =>
    pool.filter((p) => p.token === token && p.signed.value.source === source);

  const client: ConstellationClient = {
    feeLessLimit: false,
    getLastReference: async (token, address) => head(token, address),
    async postTransaction(token, signed) {
      const v = signed.value;
      const hash = transactionHash(v);
      if (!verifySignedTransaction(signed).ok) refuse('InvalidSigned', hash);
      const mine = pooledFrom(token, v.source);
      const last = mine.at(-1);
      const tip = last
        ? { ordinal: last.signed.value.parent.ordinal + 1n, hash: last.hash }
        : head(token, v.source);
      if (v.parent.ordinal !== tip.ordinal || v.parent.hash !== tip.hash)
        refuse('ParentOrdinalLowerThenLastTxOrdinal', hash);
      const spent = mine.reduce((sum, p) => sum + p.signed.value.amount + p.signed.value.fee, 0n);
      if (spent + v.amount + v.fee > balance(token, v.source)) refuse('InsufficientBalance', hash);
      pool.push({ token, hash, signed });
      posted.push(hash);
      return { hash };
    },
    estimateFee: async () => 0n,
    async getPendingTransaction(token, hash) {
      const p = pool.find((x) => x.token === token && x.hash === hash);
      return p ? { status: 'Waiting', hash, transaction: p.signed.value } : null;
    },
    getBalance: async (token, address) => ({ ordinal, balance: balance(token, address) }),
    async getLatestCombined(token) {
      const mine = (m: Map<string, unknown>) =>
        [...m.keys()]
          .filter((k) => k.startsWith(`${token}:`))
          .map((k) => k.slice(token.length + 1));
      return {
        ordinal,
        balances: new Map(mine(balances).map((a) => [a, balance(token, a)])),
        lastTxRefs: new Map(mine(heads).map((a) => [a, head(token, a)])),
      };
    },
    getLatestOrdinal: async () => ordinal,
    getExplorerBalance: async (token, address) => ({ ordinal, balance: balance(token, address) }),
    getExplorerSentTransactions: async (token, address, limit) =>
      [...explorer.entries()]
        .filter(([k, tx]) => k.startsWith(`${token}:`) && tx.source === address)
        .map(([, tx]) => tx)
        .reverse()
        .slice(0, limit),
    getExplorerSnapshotTransactions: async (token, at) =>
      at > ordinal ? null : (snapshots.get(key(token, at)) ?? []),
    getExplorerTransaction: async (token, hash) => explorer.get(key(token, hash)) ?? null,
  };

  return {
    client,
    /** Hashes the network was sent, in order (a refusal is not in it). */
    posted,
    /** Money that arrives from outside (confirmed at once). */
    fund(token: Token, address: string, units: bigint) {
      balances.set(key(token, address), balance(token, address) + units);
    },
    balance,
    /** The pool forgets what waits in it (a node restart): those legs are lost. */
    dropPool() {
      pool = [];
    },
    /** The next snapshot: every pooled transaction accepted, in the order posted. */
    snapshot() {
      ordinal += 1n;
      for (const { token, hash, signed } of pool) {
        const v = signed.value;
        balances.set(key(token, v.source), balance(token, v.source) - v.amount - v.fee);
        balances.set(key(token, v.destination), balance(token, v.destination) + v.amount);
        heads.set(key(token, v.source), { ordinal: v.parent.ordinal + 1n, hash });
        const tx: ExplorerTransaction = {
          hash,
          ordinal: v.parent.ordinal + 1n,
          amount: v.amount,
          source: v.source,
          destination: v.destination,
          fee: v.fee,
          parent: v.parent,
          salt: v.salt,
          snapshotHash: `snapshot-${ordinal}`,
          snapshotOrdinal: ordinal,
          timestamp: new Date().toISOString(),
        };
        explorer.set(key(token, hash), tx);
        snapshots.set(key(token, ordinal), [...(snapshots.get(key(token, ordinal)) ?? []), tx]);
      }
      pool = [];
    },
  };
}
