import type { Token } from '@/shared/tokens.ts';
import { ConstellationConfigError } from './errors.ts';
import { type HttpOptions, requestJson, requestJsonOrNull } from './http.ts';
import {
  balanceResponse,
  combinedSnapshotResponse,
  type ExplorerTransaction,
  explorerBalanceResponse,
  explorerTransactionResponse,
  explorerTransactionsResponse,
  feeResponse,
  hashResponse,
  ordinalResponse,
  pendingTransactionResponse,
} from './responses.ts';
import { transactionReferenceSchema } from './schemas.ts';
import type { SignedTransaction, TransactionReference, TransactionValue } from './transaction.ts';
import { signedTransactionToJson } from './transaction-wire.ts';
import { type FetchFn, fetchTransport, nodeTransport } from './transport.ts';

/** Page size for a snapshot's transaction list: one page holds a busy snapshot. */
const SNAPSHOT_PAGE = 1000;

export interface NodeEndpoints {
  /** Global L0 (for DAG) or the metagraph's currency L0. */
  l0Url: string;
  /** DAG L1 or the metagraph's currency L1 (where transactions are posted). */
  l1Url: string;
}
export interface MetagraphEndpoints extends NodeEndpoints {
  metagraphId: string;
}

export interface ConstellationClientConfig {
  dag: NodeEndpoints;
  /** null when the metagraph is not configured: its calls throw ConstellationConfigError. */
  UP: MetagraphEndpoints | null;
  DOR: MetagraphEndpoints | null;
  blockExplorerUrl: string;
  /**
   * Whether the nodes enforce the fee-less rate limit (fee-limit.ts). Every real network does
   * (the default); a local network may run without it, and then nothing is paid for it.
   */
  feeLessLimit?: boolean;
  /** Used for every request when given (tests, in-process dispatch); default node:http(s). */
  fetch?: FetchFn;
  /** Per request; default 10 s. */
  timeoutMs?: number;
}

export interface PendingTransaction {
  status: 'Waiting';
  hash: string;
  transaction: TransactionValue;
}

export interface CombinedSnapshot {
  ordinal: bigint;
  /** Every holder's balance (base units). */
  balances: Map<string, bigint>;
  lastTxRefs: Map<string, TransactionReference>;
}

const trim = (url: string) => url.replace(/\/+$/, '');
const seg = encodeURIComponent;

/**
 * HTTP client for the Constellation nodes and block explorer (§3.3). Every method throws
 * ConstellationNetworkError (retryable), ConstellationHttpError (`errorName` e.g.
 * 'InsufficientBalance'; retryable only for 5xx/429) or ConstellationResponseError.
 */
export function createConstellationClient(config: ConstellationClientConfig) {
  const http: HttpOptions = {
    transport: config.fetch ? fetchTransport(config.fetch) : nodeTransport,
    timeoutMs: config.timeoutMs ?? 10_000,
  };
  const be = trim(config.blockExplorerUrl);
  const network = (token: Token) => {
    if (token === 'DAG')
      return { l0: trim(config.dag.l0Url), l1: trim(config.dag.l1Url), id: null };
    const m = config[token];
    if (!m) throw new ConstellationConfigError(`The ${token} metagraph has no URLs configured`);
    return { l0: trim(m.l0Url), l1: trim(m.l1Url), id: m.metagraphId };
  };
  /** Explorer prefix: DAG routes at the root, metagraph routes under /currency/{metagraphId}. */
  const explorer = (token: Token) => {
    const { id } = network(token);
    return id ? `${be}/currency/${seg(id)}` : be;
  };

  return {
    feeLessLimit: config.feeLessLimit ?? true,

    async getLastReference(token: Token, address: string): Promise<TransactionReference> {
      const url = `${network(token).l1}/transactions/last-reference/${seg(address)}`;
      const ref = await requestJson(http, url, transactionReferenceSchema);
      return { ordinal: ref.ordinal, hash: ref.hash };
    },

    async postTransaction(token: Token, signed: SignedTransaction): Promise<{ hash: string }> {
      const url = `${network(token).l1}/transactions`;
      const body = signedTransactionToJson(signed);
      const headers = { 'content-type': 'application/json' };
      return requestJson(http, url, hashResponse, { method: 'POST', body, headers });
    },

    /** The network fee the node asks of this transaction now (its fee-less limit, §3.3). */
    async estimateFee(token: Token, signed: SignedTransaction): Promise<bigint> {
      const url = `${network(token).l1}/transactions/estimate-fee`;
      const body = signedTransactionToJson(signed);
      const headers = { 'content-type': 'application/json' };
      return (await requestJson(http, url, feeResponse, { method: 'POST', body, headers })).fee;
    },

    /** The transaction while it waits for a snapshot; null once it left the pool (or never came). */
    async getPendingTransaction(token: Token, hash: string): Promise<PendingTransaction | null> {
      const url = `${network(token).l1}/transactions/${seg(hash)}`;
      const view = await requestJsonOrNull(http, url, pendingTransactionResponse);
      if (view?.status !== 'Waiting') return null;
      return { status: 'Waiting', hash: view.hash, transaction: view.transaction };
    },

    async getBalance(token: Token, address: string) {
      const prefix = token === 'DAG' ? 'dag' : 'currency';
      return requestJson(
        http,
        `${network(token).l0}/${prefix}/${seg(address)}/balance`,
        balanceResponse,
      );
    },

    /** All holders from the latest snapshot (`/snapshots/latest/combined`; global for DAG). */
    async getLatestCombined(token: Token): Promise<CombinedSnapshot> {
      const path = token === 'DAG' ? 'global-snapshots' : 'snapshots';
      const url = `${network(token).l0}/${path}/latest/combined`;
      const [snapshot, info] = await requestJson(http, url, combinedSnapshotResponse);
      return {
        ordinal: snapshot.value.ordinal,
        balances: new Map(Object.entries(info.balances)),
        lastTxRefs: new Map(Object.entries(info.lastTxRefs)),
      };
    },

    async getLatestOrdinal(token: Token): Promise<bigint> {
      const path = token === 'DAG' ? 'global-snapshots' : 'snapshots';
      const url = `${network(token).l0}/${path}/latest/ordinal`;
      return (await requestJson(http, url, ordinalResponse)).value;
    },

    /** Block explorer balance; an unknown address has balance 0 at the latest ordinal. */
    async getExplorerBalance(token: Token, address: string) {
      const url = `${explorer(token)}/addresses/${seg(address)}/balance`;
      const { data } = await requestJson(http, url, explorerBalanceResponse);
      return { balance: data.balance, ordinal: data.ordinal };
    },

    /**
     * The newest transactions an address sent that snapshots accepted (newest first, one page
     * of at most `limit`): one call shows where a whole chain of ours stands.
     */
    async getExplorerSentTransactions(
      token: Token,
      address: string,
      limit: number,
    ): Promise<ExplorerTransaction[]> {
      const url = `${explorer(token)}/addresses/${seg(address)}/transactions/sent?limit=${limit}`;
      return (await requestJson(http, url, explorerTransactionsResponse)).data;
    },

    /**
     * Every transaction one snapshot accepted, all pages of the explorer's per-snapshot list
     * (`/global-snapshots/{ordinal}/transactions`, `/currency/{id}/snapshots/{ordinal}/transactions`);
     * null while the explorer does not know that snapshot yet (404).
     */
    async getExplorerSnapshotTransactions(
      token: Token,
      ordinal: bigint,
    ): Promise<ExplorerTransaction[] | null> {
      const path = token === 'DAG' ? 'global-snapshots' : 'snapshots';
      const base = `${explorer(token)}/${path}/${ordinal}/transactions?limit=${SNAPSHOT_PAGE}`;
      const all: ExplorerTransaction[] = [];
      let next: string | undefined;
      do {
        const url = next ? `${base}&next=${encodeURIComponent(next)}` : base;
        const page = await requestJsonOrNull(http, url, explorerTransactionsResponse);
        if (!page) return null;
        all.push(...page.data);
        next = page.meta?.next;
      } while (next);
      return all;
    },

    /** A transaction accepted in a snapshot; null while unknown to the explorer (404). */
    async getExplorerTransaction(token: Token, hash: string): Promise<ExplorerTransaction | null> {
      const url = `${explorer(token)}/transactions/${seg(hash)}`;
      return (await requestJsonOrNull(http, url, explorerTransactionResponse))?.data ?? null;
    },
  };
}
