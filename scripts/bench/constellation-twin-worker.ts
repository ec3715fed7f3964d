// Worker thread (or child process) of the transfers bench (BENCH_TWIN=worker | process): the
// local Constellation network on its own database, answering faucet / tick / stop messages.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '@/db/client.ts';
import { startTwinHere } from './constellation-twin.ts';
import { startCpuProfile } from './cpu-profile.ts';

type Message = { id: number; op: string; address?: string; units?: string; file?: string };
const port = parentPort
  ? {
      data: workerData as { snapshotMs: number; databaseUrl?: string },
      on: (f: (m: Message) => void) => parentPort?.on('message', f),
      send: (m: unknown) => parentPort?.postMessage(m),
    }
  : {
      data: JSON.parse(process.env.TWIN_DATA ?? '{}') as {
        snapshotMs: number;
        databaseUrl?: string;
      },
      on: (f: (m: Message) => void) => process.on('message', f),
      send: (m: unknown) => process.send?.(m),
    };
const { snapshotMs, databaseUrl } = port.data;
const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: 'memory://' });
const twin = await startTwinHere(database, snapshotMs);
let stopProfile: (() => Promise<void>) | undefined;
port.on(async (m) => {
  try {
    if (m.op === 'profile-start') stopProfile = await startCpuProfile(m.file!);
    else if (m.op === 'profile-stop') await stopProfile?.();
    else if (m.op === 'faucet') await twin.faucet(m.address!, BigInt(m.units!));
    else if (m.op === 'tick') await twin.tick();
    else if (m.op === 'stop') {
      await twin.stop();
      await database.close();
    }
    port.send({ id: m.id });
    if (m.op === 'stop' && !parentPort) process.disconnect?.();
  } catch (err) {
    port.send({ id: m.id, error: (err as Error).message });
  }
});
port.send({ publicUrl: twin.publicUrl });
