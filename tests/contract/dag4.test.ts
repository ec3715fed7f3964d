import { serve } from '@hono/node-server';
import { dag4 } from '@stardust-collective/dag4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConstellationClient,
  ConstellationHttpError,
  createConstellationClient,
  dagAddressFromPublicKey,
  generatePrivateKey,
  publicKeyFromPrivateKey,
  randomSalt,
  signTransactions,
  type TransactionValue,
  transactionHash,
} from '@/integrations/constellation/index.ts';
import { sandboxConstellationClientConfig } from '@/sandbox/constellation/client-config.ts';
import type { Token } from '@/shared/tokens.ts';
import { createTestApp } from '../support/test-app.ts';

// @stardust-collective/dag4 2.8.1, unmodified, against a started product's Constellation twin,
// pointed at it as dag4's README documents: `account.connect({networkVersion: '2.0', l0Url,
// l1Url, beUrl})` and `createMetagraphTokenClient({id, l0Url, l1Url, beUrl, metagraphId})`
// (StardustCollective/dag4.js packages/dag4-wallet/src/dag-account.ts, metagraph-token-client.ts).
// Then the product's own client runs the same cases against the same twin.
const UNIT = 100_000_000n;
let t: Awaited<ReturnType<typeof createTestApp>>;
let server: ReturnType<typeof serve>;
let urls: ReturnType<typeof sandboxConstellationClientConfig>;
let product: ConstellationClient;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_SNAPSHOT_INTERVAL_MS: '0' }, { sandbox: true });
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  urls = sandboxConstellationClientConfig(origin);
  product = createConstellationClient(urls);
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const admin = (path: string, body?: unknown) =>
  t.app.request(`/sandbox/constellation/_admin/${path}`, {
    method: 'POST',
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
const snapshot = async () => expect((await admin('snapshot')).status).toBe(200);
async function fundedKey(token: Token, units: bigint) {
  const key = dag4.keyStore.generatePrivateKey();
  const address = dag4.keyStore.getDagAddressFromPublicKey(
    dag4.keyStore.getPublicKeyFromPrivate(key),
  );
  const res = await admin('faucet', { address, token, amount: String(units) });
  expect(res.status).toBe(200);
  await snapshot();
  return { key, address };
}
const newAddress = () => dagAddressFromPublicKey(publicKeyFromPrivateKey(generatePrivateKey()));

function dagAccount(key: string) {
  const account = dag4.createAccount(key);
  account.connect(
    {
      networkVersion: '2.0',
      l0Url: urls.dag.l0Url,
      l1Url: urls.dag.l1Url,
      beUrl: urls.blockExplorerUrl,
    },
    false,
  );
  return account;
}
function upClient(key: string) {
  const up = urls.UP!;
  return dag4.createMetagraphTokenClient(dagAccount(key), {
    id: 'up-local',
    l0Url: up.l0Url,
    l1Url: up.l1Url,
    beUrl: urls.blockExplorerUrl,
    metagraphId: up.metagraphId,
  });
}

describe('dag4 2.8.1 against the DAG twin', () => {
  it('reads balances (whole tokens) and transfers; the twin settles it', async () => {
    const alice = await fundedKey('DAG', 5n * UNIT);
    const account = dagAccount(alice.key);
    expect(await account.getBalance()).toBe(5);
    const bob = newAddress();
    const pending = await account.transferDag(bob, 1.5, 0);
    expect(pending.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(
      (
        (await account.networkInstance.getPendingTransaction(pending.hash)) as {
          hash: string;
        } | null
      )?.hash,
    ).toBe(pending.hash);
    await snapshot();
    expect(await account.getBalanceFor(bob)).toBe(1.5);
    expect(await account.getBalance()).toBe(3.5);
    expect(await account.networkInstance.getPendingTransaction(pending.hash)).toBeNull();
  });

  it('chains a batch (transferDagBatch): every transaction waits, then all settle', async () => {
    const carol = await fundedKey('DAG', 10n * UNIT);
    const account = dagAccount(carol.key);
    const [a, b] = [newAddress(), newAddress()];
    const hashes = await account.transferDagBatch([
      { address: a, amount: 1 },
      { address: b, amount: 2, fee: 0.002 },
      { address: a, amount: 0.5 },
    ]);
    expect(hashes).toHaveLength(3);
    await snapshot();
    expect(await account.getBalanceFor(a)).toBe(1.5);
    expect(await account.getBalanceFor(b)).toBe(2);
    expect(await account.getBalance()).toBe(6.498);
    expect(
      (await account.networkInstance.l1Api.getAddressLastAcceptedTransactionRef(carol.address))
        .ordinal,
    ).toBe(3);
  });

  it('refusals reach dag4 as errors naming the node rule', async () => {
    const dave = await fundedKey('DAG', 1n * UNIT);
    const account = dagAccount(dave.key);
    await expect(account.transferDag(newAddress(), 2, 0)).rejects.toThrow(/InsufficientBalance/);
    // A stale parent: the batch after an accepted one reuses its parent → refused.
    const [tx] = await account.generateBatchTransactions([{ address: newAddress(), amount: 0.1 }]);
    await account.sendBatchTransactions([tx!]);
    await snapshot();
    await expect(account.sendBatchTransactions([tx!])).rejects.toThrow(
      /ParentOrdinalLowerThen|Conflict/,
    );
  });
  it('reads the L0 (ordinal, supply, cluster) and the explorer; an unknown hash is not pending', async () => {
    const account = dagAccount(dag4.keyStore.generatePrivateKey());
    const { l0Api, l1Api } = account.networkInstance;
    const { value } = (await l0Api.getLatestSnapshotOrdinal()) as unknown as { value: number };
    expect(value).toBeGreaterThanOrEqual(5_000_000); // the mainnet-like start
    expect(((await l0Api.getTotalSupply()) as unknown as { total: number }).total).toBeGreaterThan(
      0,
    );
    // dag4 maps /cluster/info with a legacy shape (`id.hex`, `ip.host`); the call itself must
    // answer a list, as a real node's PeerInfo set does.
    expect(await l0Api.getClusterInfo()).toHaveLength(1);
    expect(await l1Api.getClusterInfo()).toHaveLength(1);
    expect(await account.networkInstance.getPendingTransaction('ab'.repeat(32))).toBeNull();
    const gina = await fundedKey('DAG', 2n * UNIT);
    const sent = await dagAccount(gina.key).transferDag(newAddress(), 1, 0);
    await snapshot();
    const listed = await dagAccount(gina.key).getTransactions(10);
    expect(listed.map((tx: { hash: string }) => tx.hash)).toContain(sent.hash);
  });
});

describe('dag4 2.8.1 against the UP metagraph twin', () => {
  it('reads balances, transfers and chains a batch (transferBatch)', async () => {
    const erin = await fundedKey('UP', 20n * UNIT);
    const client = upClient(erin.key);
    expect(await client.getBalance()).toBe(20);
    const [f, g] = [newAddress(), newAddress()];
    const first = await client.transfer(f, 3, 0);
    await snapshot();
    const listed = await client.getTransactions(10);
    expect(listed.map((tx: { hash: string }) => tx.hash)).toContain(first.hash);
    const hashes = await client.transferBatch([
      { address: f, amount: 1 },
      { address: g, amount: 2 },
    ]);
    expect(hashes).toHaveLength(2);
    await snapshot();
    expect(await client.getBalanceFor(f)).toBe(4);
    expect(await client.getBalanceFor(g)).toBe(2);
    expect(await client.getBalance()).toBe(14);
  });

  it('an unknown address has balance 0; an overdraft is refused', async () => {
    const frank = await fundedKey('UP', UNIT);
    const client = upClient(frank.key);
    expect(await client.getBalanceFor(newAddress())).toBe(0);
    await expect(client.transfer(newAddress(), 5, 0)).rejects.toThrow(/InsufficientBalance/);
  });
});

describe("the product's own client, the same cases", () => {
  const signedChain = async (token: Token, key: string, source: string, amounts: bigint[]) => {
    let parent = await product.getLastReference(token, source);
    const values: TransactionValue[] = amounts.map((amount) => {
      const value = {
        source,
        destination: newAddress(),
        amount,
        fee: 0n,
        parent,
        salt: randomSalt(),
      };
      parent = { ordinal: parent.ordinal + 1n, hash: transactionHash(value) };
      return value;
    });
    return signTransactions(values, Buffer.from(key, 'hex'));
  };

  it.each(['DAG', 'UP'] as const)('%s: balance, a chained batch, settle', async (token) => {
    const w = await fundedKey(token, 10n * UNIT);
    expect((await product.getBalance(token, w.address)).balance).toBe(10n * UNIT);
    const signed = await signedChain(token, w.key, w.address, [UNIT, 2n * UNIT]);
    for (const s of signed) await product.postTransaction(token, s);
    await snapshot();
    expect((await product.getBalance(token, w.address)).balance).toBe(7n * UNIT);
    expect((await product.getLastReference(token, w.address)).ordinal).toBe(2n);
  });

  it('an overdraft is a typed refusal naming the node rule', async () => {
    const w = await fundedKey('UP', UNIT);
    const [signed] = await signedChain('UP', w.key, w.address, [5n * UNIT]);
    const err = await product.postTransaction('UP', signed!).catch((e) => e);
    expect(err).toBeInstanceOf(ConstellationHttpError);
    expect(err.nodeMessage).toMatch(/InsufficientBalance/);
  });
});
