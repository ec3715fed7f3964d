import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeArgs } from '../../support/node-entry.ts';
import { waitRealMs } from '../../support/real-time.ts';

/**
 * `npm start` stopped while the web app still builds (a first start's build takes a minute): the
 * server has already opened its database and started the local Base node by then (decision
 * 0065). A lone SIGTERM to its pid (a supervisor, `kill`) or a Ctrl-C must end both and exit 0,
 * without waiting for the build. Before, the signal killed the process at once and anvil ran on.
 */
const hook = path.resolve(import.meta.dirname, '../../support/web-build-in-flight.mjs');
const dataDirs: string[] = [];
const anvils: number[] = [];

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** The pid of `parent`'s anvil child, once it has one. */
function anvilOf(parent: number): number | undefined {
  let ps = '';
  try {
    ps = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(parent)], { encoding: 'utf8' });
  } catch {
    return undefined; // no children yet: ps exits 1
  }
  const line = ps.split('\n').find((l) => l.trim().endsWith('anvil'));
  return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
}

afterEach(() => {
  for (const pid of anvils.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm start stopped while the web app builds', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s ends the local Base node and exits 0',
    async (signal) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-stop-building-'));
      dataDirs.push(dataDir);
      const server: ChildProcess = spawn(process.execPath, nodeArgs('src/main/server.ts'), {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          PORT: '0',
          LOG_LEVEL: 'silent',
          SANDBOX_DEMO: 'false',
          NODE_OPTIONS: `--import ${hook}`,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      server.stderr?.on('data', (d: Buffer) => {
        stderr += d.toString();
      });
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        server.once('exit', (code, sig) => resolve({ code, signal: sig })),
      );
      let anvil: number | undefined;
      for (let waited = 0; !anvil; waited += 100) {
        if (waited > 60_000 || server.exitCode !== null) throw new Error(`no Base node: ${stderr}`);
        await waitRealMs(100, 'process: the spawned server starts its Base node in its own time');
        anvil = anvilOf(server.pid!);
      }
      anvils.push(anvil);

      server.kill(signal);
      expect(await exited, stderr).toEqual({ code: 0, signal: null });
      expect(alive(anvil)).toBe(false);
    },
    90_000,
  );
});
