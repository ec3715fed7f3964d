// Worker thread of the transfers bench (BENCH_TWIN=worker): the local Constellation network on
// its own database, answering faucet / tick / stop messages from the bench.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../src/db/client.ts';
import { startTwinHere } from './constellation-twin.ts';

const { snapshotMs, databaseUrl } = workerData as { snapshotMs: number; databaseUrl?: string };
const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: 'memory://' });
const twin = await startTwinHere(database, snapshotMs);
parentPort?.on(
  'message',
  async (m: { id: number; op: string; address?: string; units?: string }) => {
    try {
      if (m.op === 'faucet') await twin.faucet(m.address!, BigInt(m.units!));
      else if (m.op === 'tick') await twin.tick();
      else if (m.op === 'stop') {
        await twin.stop();
        await database.close();
      }
      parentPort?.postMessage({ id: m.id });
    } catch (err) {
      parentPort?.postMessage({ id: m.id, error: (err as Error).message });
    }
  },
);
parentPort?.postMessage({ publicUrl: twin.publicUrl });
