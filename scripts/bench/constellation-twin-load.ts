// The network twin alone under the transfers bench's load: S senders post chains of pre-signed
// payment + fee legs (leg 2's parent is leg 1, one after the other, as the product posts them)
// while a poller reads the latest ordinal and each open chain's sent transactions per snapshot.
// Nothing of the product runs, so the figures are the twin's own: in a worker (BENCH_TWIN=worker)
// its thread's busy time per transfer; `process` (default) in a child process, whose CPU is the
// twin's alone; `own` runs it in this thread (process CPU).
// BENCH_DATABASE_URL puts the twin on a fresh PostgreSQL database; BENCH_SENDERS,
// BENCH_PER_SENDER and BENCH_SNAPSHOT_MS as in transfers.ts.
import { performance } from 'node:perf_hooks';
import { openDatabase } from '@/db/client.ts';
import {
  createConstellationClient,
  dagAddressFromPublicKey,
  generatePrivateKey,
  publicKeyFromPrivateKey,
  randomSalt,
  type SignedTransaction,
  signTransactions,
  type TransactionReference,
  type TransactionValue,
  transactionHash,
} from '@/integrations/constellation/index.ts';
import { sandboxConstellationClientConfig } from '@/sandbox/constellation/client-config.ts';
import { createScratchPostgres } from '../../tests/support/test-db.ts';
import { startTwinHere, startTwinInProcess, startTwinInWorker } from './constellation-twin.ts';

const SENDERS = Number(process.env.BENCH_SENDERS ?? 16);
const PER_SENDER = Number(process.env.BENCH_PER_SENDER ?? 50);
const SNAPSHOT_MS = Number(process.env.BENCH_SNAPSHOT_MS ?? 250);
const MODE = (
  ['own', 'worker'].includes(process.env.BENCH_TWIN ?? '') ? process.env.BENCH_TWIN : 'process'
) as 'own' | 'worker' | 'process';
const UP = 100_000_000n;
const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];

const adminUrl = process.env.BENCH_DATABASE_URL;
const database =
  MODE === 'own'
    ? adminUrl
      ? await createScratchPostgres(adminUrl, 'upsider_bench_twin')
      : await openDatabase({ dataDir: 'memory://' })
    : null;
const scratch =
  MODE !== 'own' && adminUrl ? await createScratchPostgres(adminUrl, 'upsider_bench_twin') : null;
const twin = database
  ? await startTwinHere(database, SNAPSHOT_MS)
  : MODE === 'worker'
    ? await startTwinInWorker(SNAPSHOT_MS, scratch?.url)
    : await startTwinInProcess(SNAPSHOT_MS, scratch?.url);
const client = createConstellationClient(sandboxConstellationClientConfig(twin.publicUrl));

// Senders funded, then every leg signed before the clock starts.
const sink = dagAddressFromPublicKey(publicKeyFromPrivateKey(generatePrivateKey()));
const chains: { address: string; legs: SignedTransaction[] }[] = [];
for (let s = 0; s < SENDERS; s++) {
  const key = generatePrivateKey();
  const address = dagAddressFromPublicKey(publicKeyFromPrivateKey(key));
  await twin.faucet(address, 1_000n * UP);
  chains.push({ address, legs: [] });
  Object.assign(chains[s]!, { key });
}
await twin.tick();
for (const chain of chains) {
  let parent: TransactionReference = await client.getLastReference('UP', chain.address);
  const values: TransactionValue[] = [];
  for (let n = 0; n < 2 * PER_SENDER; n++) {
    const v = {
      source: chain.address,
      destination: sink,
      amount: n % 2 ? 1n : UP,
      fee: 0n,
      parent,
      salt: randomSalt(),
    };
    values.push(v);
    parent = { ordinal: parent.ordinal + 1n, hash: transactionHash(v) };
  }
  chain.legs = signTransactions(values, (chain as unknown as { key: Uint8Array }).key);
}

const hashes = new WeakMap<SignedTransaction, string>();
const started = new Map<string, number>(); // fee leg hash → when its transfer began
const confirmed = new Map<string, number>();
let posting = true;
const poller = (async () => {
  let last = -1n;
  while (posting || confirmed.size < started.size) {
    const latest = await client.getLatestOrdinal('UP');
    if (latest !== last) {
      last = latest;
      await Promise.all(
        chains.map(async (c) => {
          const open = c.legs.filter(
            (l, i) => i % 2 && started.has(hashOf(l)) && !confirmed.has(hashOf(l)),
          );
          if (open.length === 0) return;
          const sent = await client.getExplorerSentTransactions(
            'UP',
            c.address,
            2 * open.length + 20,
          );
          for (const tx of sent)
            if (started.has(tx.hash) && !confirmed.has(tx.hash)) confirmed.set(tx.hash, Date.now());
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
})();
function hashOf(s: SignedTransaction) {
  const known = hashes.get(s);
  if (known) return known;
  const h = transactionHash(s.value);
  hashes.set(s, h);
  return h;
}

const elu0 = twin.busy();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await Promise.all(
  chains.map(async (c) => {
    for (let n = 0; n < PER_SENDER; n++) {
      started.set(hashOf(c.legs[2 * n + 1]!), Date.now());
      await client.postTransaction('UP', c.legs[2 * n]!);
      await client.postTransaction('UP', c.legs[2 * n + 1]!);
    }
  }),
);
const postSeconds = (performance.now() - t0) / 1000;
posting = false;
await poller;
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const busyMs = twin.busy() - elu0;
const total = SENDERS * PER_SENDER;
const lat = [...confirmed].map(([h, at]) => at - started.get(h)!).sort((a, b) => a - b);
console.info(
  `twin ${MODE} on ${adminUrl ? 'postgres' : 'pglite'}: ${total} transfers (${2 * total} POSTs), ${SENDERS} senders, snapshots ${SNAPSHOT_MS} ms`,
);
console.info(
  `  posted ${(total / postSeconds).toFixed(1)} transfers/s; confirmed ${(total / seconds).toFixed(1)}/s; p50 ${pct(lat, 50)} ms, p95 ${pct(lat, 95)} ms`,
);
console.info(
  `  CPU per transfer: process ${((cpu.user + cpu.system) / 1000 / total).toFixed(2)} ms` +
    (MODE === 'worker' ? `, twin thread busy ${(busyMs / total).toFixed(2)} ms` : '') +
    (MODE === 'process'
      ? `, twin process (all its threads) ${(busyMs / total).toFixed(2)} ms`
      : ''),
);
await twin.stop();
await database?.close();
await scratch?.close();
