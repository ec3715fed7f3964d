// Scratch: per-piece cost of the twin, in-process (app.request, no sockets).
import { openDatabase } from '../src/db/client.ts';
import { dagAddressFromPublicKey, generatePrivateKey, publicKeyFromPrivateKey, randomSalt, signTransactions, transactionHash, type TransactionReference } from '../src/integrations/constellation/index.ts';
import { signedTransactionToJson } from '../src/integrations/constellation/transaction-wire.ts';
import { startTwinHere } from '../scripts/bench/constellation-twin.ts';
import { createConstellationClient } from '../src/integrations/constellation/index.ts';
import { sandboxConstellationClientConfig } from '../src/sandbox/constellation/client-config.ts';

const db = process.env.PG ? await openDatabase({ url: process.env.PG }) : await openDatabase({ dataDir: 'memory://' });
const twin = await startTwinHere(db, 0);
if (process.env.IDX) await db.db.execute('create index tx_src_recv on sandbox.constellation_transactions (token, source, received_at, hash)');
const explain = async () => { const r = await db.db.execute(`explain analyze select * from sandbox.constellation_transactions where token='UP' and source='${chains[0]!.address}' order by received_at desc, hash desc limit 23`); console.log((r as any).rows.map((x: any) => x['QUERY PLAN']).join('\n')); };
const client = createConstellationClient(sandboxConstellationClientConfig(twin.publicUrl));
const base = `${twin.publicUrl}/sandbox/constellation`;
const S = 16, N = 30;
const sink = dagAddressFromPublicKey(publicKeyFromPrivateKey(generatePrivateKey()));
const chains: { address: string; bodies: string[] }[] = [];
for (let s = 0; s < S; s++) {
  const key = generatePrivateKey();
  const address = dagAddressFromPublicKey(publicKeyFromPrivateKey(key));
  await twin.faucet(address, 10n ** 12n);
  chains.push({ address, bodies: [], key } as never);
}
await twin.tick();
for (const c of chains) {
  let parent: TransactionReference = await client.getLastReference('UP', c.address);
  const vals = [];
  for (let n = 0; n < N; n++) { const v = { source: c.address, destination: sink, amount: 5n, fee: 0n, parent, salt: randomSalt() }; vals.push(v); parent = { ordinal: parent.ordinal + 1n, hash: transactionHash(v) }; }
  c.bodies = signTransactions(vals, (c as never as { key: Uint8Array }).key).map(signedTransactionToJson);
}
const post = (b: string) => fetch(`${base}/up-l1/transactions`, { method: 'POST', body: b, headers: { 'content-type': 'application/json' } }).then((r) => r.text());
const time = async (label: string, n: number, f: () => Promise<unknown>) => {
  const c0 = process.cpuUsage(); const t0 = performance.now();
  await f();
  const c = process.cpuUsage(c0);
  console.log(`${label}: ${((c.user + c.system) / 1000 / n).toFixed(3)} ms CPU each, ${((performance.now() - t0) / n).toFixed(3)} ms wall each (n=${n})`);
};
let k = 0;
await time('POST sequential (1 sender)', 10, async () => { for (let i = 0; i < 10; i++) await post(chains[0]!.bodies[k + i]!); });
k = 10;
await time('POST concurrent (16 senders × 10)', 160, () => Promise.all(chains.map(async (c) => { for (let i = k; i < k + 10; i++) await post(c.bodies[i]!); })));
await time('GET ordinal', 200, async () => { for (let i = 0; i < 200; i++) await fetch(`${base}/up-l0/snapshots/latest/ordinal`).then((r) => r.text()); });
await time('snapshot of 160+10 tx', 1, () => twin.tick());
const meta = (await fetch(`${base}/be/currency`).then((r) => r.json())).data.find((m: { name: string }) => m.name === 'UP').id;
await explain();
await time('GET sent limit 22 (raw text)', 100, async () => { for (let i = 0; i < 100; i++) await fetch(`${base}/be/currency/${meta}/addresses/${chains[i % S]!.address}/transactions/sent?limit=22`).then((r) => r.text()); });
await time('GET sent limit 22 via client', 100, async () => { for (let i = 0; i < 100; i++) await client.getExplorerSentTransactions('UP', chains[i % S]!.address, 22); });
await time('empty snapshot tick (3 tokens)', 20, async () => { for (let i = 0; i < 20; i++) await twin.tick(); });
await twin.stop(); await db.close();
