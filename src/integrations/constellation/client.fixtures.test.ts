import { describe, expect, it } from 'vitest';
import { createConstellationClient } from './client.ts';
import { ConstellationHttpError } from './errors.ts';
import docs from './fixtures/apidoc-examples.json' with { type: 'json' };
import node from './fixtures/fee-and-combined.json' with { type: 'json' };
import { parseJsonKeepingIntegers } from './json.ts';
import { parseSignedTransaction } from './transaction-wire.ts';

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/**
 * A client over DAG and one metagraph whose every request is recorded and answered from `route`
 * (a [status, JSON body] pair, or a Response as sent).
 */
function replaying(route: (s: Seen) => [number, unknown] | Response) {
  const seen: Seen[] = [];
  const client = createConstellationClient({
    dag: { l0Url: 'https://l0-lb-mainnet.constellationnetwork.io', l1Url: 'https://l1.dag' },
    UP: { l0Url: 'https://ml0.up', l1Url: 'https://ml1.up', metagraphId: docs.metagraphId },
    DOR: null,
    blockExplorerUrl: 'https://be-mainnet.constellationnetwork.io',
    fetch: async (input, init) => {
      const s = {
        method: init?.method ?? 'GET',
        url: new URL(input),
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? init.body : '',
      };
      seen.push(s);
      const answer = route(s);
      if (answer instanceof Response) return answer;
      const [status, body] = answer;
      return Response.json(body, { status });
    },
  });
  return { client, seen };
}
const at = (s: Seen | undefined) =>
  `${s?.method} ${s?.url.origin}${s?.url.pathname}${s?.url.search}`;

describe('Constellation client against the apidoc examples', () => {
  it('L0: latest ordinal and balances, global for DAG and currency for the metagraph', async () => {
    const { client, seen } = replaying((s) =>
      s.url.pathname.endsWith('/ordinal') ? [200, docs.latestOrdinal] : [200, docs.balance],
    );
    expect(await client.getLatestOrdinal('DAG')).toBe(156n);
    expect(await client.getLatestOrdinal('UP')).toBe(156n);
    expect(await client.getBalance('DAG', docs.address)).toEqual({ ordinal: 156n, balance: 1234n });
    expect(await client.getBalance('UP', docs.address)).toEqual({ ordinal: 156n, balance: 1234n });
    expect(seen.map(at)).toEqual([
      'GET https://l0-lb-mainnet.constellationnetwork.io/global-snapshots/latest/ordinal',
      'GET https://ml0.up/snapshots/latest/ordinal',
      `GET https://l0-lb-mainnet.constellationnetwork.io/dag/${docs.address}/balance`,
      `GET https://ml0.up/currency/${docs.address}/balance`,
    ]);
  });

  it('L1: the last reference, then the documented signed transaction posted and its {hash} read', async () => {
    const { client, seen } = replaying((s) =>
      s.method === 'POST' ? [200, docs.posted] : [200, docs.lastReference],
    );
    expect(await client.getLastReference('UP', docs.address)).toEqual({
      ordinal: 15n,
      hash: docs.lastReference.hash,
    });
    const signed = parseSignedTransaction(docs.signedTransaction);
    expect(await client.postTransaction('UP', signed)).toEqual(docs.posted);
    expect(seen.map(at)).toEqual([
      `GET https://ml1.up/transactions/last-reference/${docs.address}`,
      'POST https://ml1.up/transactions',
    ]);
    expect(seen[1]?.headers.get('content-type')).toBe('application/json');
    // Integers exact (salt is past 2^53), every documented field and nothing else.
    expect(parseJsonKeepingIntegers(seen[1]?.body ?? '')).toEqual(docs.signedTransaction);
  });

  it('L1: a 400 ErrorResponse is refused with the node’s message and the error name', async () => {
    const { client } = replaying(() => [docs.rejected.status, docs.rejected.body]);
    const err = await client
      .postTransaction('DAG', parseSignedTransaction(docs.signedTransaction))
      .catch((e) => e);
    expect(err).toBeInstanceOf(ConstellationHttpError);
    expect(err).toMatchObject({
      status: 400,
      errorName: 'ParentOrdinalLowerThenLastTxOrdinal',
      nodeMessage: docs.rejected.body.errors[0]?.message,
    });
  });

  it('block explorer: a transaction by hash, as documented (no ordinal, an empty parent hash)', async () => {
    const { client, seen } = replaying(() => [200, docs.explorerTransaction]);
    const tx = await client.getExplorerTransaction('DAG', docs.explorerTransaction.data.hash);
    expect(tx).toMatchObject({
      hash: docs.explorerTransaction.data.hash,
      snapshotOrdinal: 3n,
      amount: 2n,
      fee: 1n,
    });
    await client.getExplorerTransaction('UP', docs.explorerTransaction.data.hash);
    expect(seen.map(at)).toEqual([
      `GET https://be-mainnet.constellationnetwork.io/transactions/${docs.explorerTransaction.data.hash}`,
      `GET https://be-mainnet.constellationnetwork.io/currency/${docs.metagraphId}/transactions/${docs.explorerTransaction.data.hash}`,
    ]);
  });

  it('block explorer: an address’s sent transactions, a page with meta.next', async () => {
    const { client, seen } = replaying(() => [200, docs.sentPage]);
    const sent = await client.getExplorerSentTransactions('UP', docs.address, 2);
    expect(sent.map((t) => [t.hash, t.snapshotOrdinal])).toEqual([
      [docs.sentPage.data[0]?.hash, 3n],
      [docs.sentPage.data[1]?.hash, 4n],
    ]);
    expect(at(seen[0])).toBe(
      `GET https://be-mainnet.constellationnetwork.io/currency/${docs.metagraphId}/addresses/${docs.address}/transactions/sent?limit=2`,
    );
  });

  it('currency L1: estimate-fee gets the documented signed transaction and reads the route’s {fee}', async () => {
    const answers = [node.estimatedFee, node.estimatedFeeMinimum];
    const { client, seen } = replaying(() => [200, answers[seen.length - 1]]);
    const signed = parseSignedTransaction(docs.signedTransaction);
    expect(await client.estimateFee('UP', signed)).toBe(0n);
    expect(await client.estimateFee('UP', signed)).toBe(200000n);
    expect(at(seen[0])).toBe('POST https://ml1.up/transactions/estimate-fee');
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(parseJsonKeepingIntegers(seen[0]?.body ?? '')).toEqual(docs.signedTransaction);
  });

  it('DAG L1 has no estimate-fee route: its plain-text 404 is a refusal not worth retrying', async () => {
    const { dagL1HasNoEstimateFee: notFound } = node;
    const { client, seen } = replaying(
      () =>
        new Response(notFound.body, {
          status: notFound.status,
          headers: { 'content-type': notFound.contentType },
        }),
    );
    const err = await client
      .estimateFee('DAG', parseSignedTransaction(docs.signedTransaction))
      .catch((e) => e);
    expect(at(seen[0])).toBe('POST https://l1.dag/transactions/estimate-fee');
    expect(err).toBeInstanceOf(ConstellationHttpError);
    expect(err).toMatchObject({ status: 404, retryable: false });
  });

  it('currency L0: the latest combined snapshot, the published [snapshot, info] pair', async () => {
    const { client, seen } = replaying(() => [200, node.currencyCombined]);
    const combined = await client.getLatestCombined('UP');
    expect(at(seen[0])).toBe('GET https://ml0.up/snapshots/latest/combined');
    expect(combined.ordinal).toBe(156n);
    expect([...combined.balances]).toEqual([
      ['DAG3hZTBgtb2iH9ZdLNvaKqPT4ZncCuW6uYxZack', 1234n],
      ['DAG2rMPHX4w1cMMJowmewRMjD1in53yRURt6Eijh', 1234n],
    ]);
    expect(combined.lastTxRefs.get('DAG3hZTBgtb2iH9ZdLNvaKqPT4ZncCuW6uYxZack')).toEqual({
      ordinal: 15n,
      hash: '893d9697bf76731edb6f92ad2396844724cd47a9c22195f02483cc84c3afafce',
    });
  });
});
