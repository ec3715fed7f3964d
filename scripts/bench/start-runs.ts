// The start-up bench's runs: a bare node:http server's start and memory (the baseline), then
// each run's fresh-clone first start, a visitor while its demo runs, and the restart on its data.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { visitorDuringDemo } from './start-demo-visitor.ts';
import { freshClone, waitForFile } from './start-fresh-clone.ts';
import { groupRssMiB, stopGroup } from './start-process-group.ts';
import { firstOk, timeStart } from './start-server.ts';

/** A bare node:http server, `runs` times: ms to its first 200 and its RSS a second later. */
export async function bareRuns(runs: number, port: number) {
  const url = `http://127.0.0.1:${port}/`;
  const bareStart: number[] = [];
  const bareRss: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const bare = spawn(
      process.execPath,
      ['-e', `require('http').createServer((q,s)=>s.end('ok')).listen(${port},'127.0.0.1')`],
      { detached: true, stdio: 'ignore' },
    );
    bareStart.push(await firstOk(url, started, bare));
    await new Promise((r) => setTimeout(r, 1000));
    bareRss.push(groupRssMiB(bare.pid ?? 0));
    await stopGroup(bare);
  }
  return { bareStart, bareRss };
}

/** Every run's figures, in ms (idle in MiB), and each start's parts as the server logged them. */
export type StartFigures = Record<
  | 'fresh'
  | 'freshApi'
  | 'freshReady'
  | 'restart'
  | 'restartApi'
  | 'restartReady'
  | 'idle'
  | 'demoFirstPage'
  | 'demoPage'
  | 'demoApi',
  number[]
> & { parts: string[] };

/** `runs` times: a fresh clone's first start, a visitor during its demo, a restart, idle RSS. */
export async function startRuns(runs: number, port: number): Promise<StartFigures> {
  const f: StartFigures = {
    fresh: [],
    freshApi: [],
    freshReady: [],
    restart: [],
    restartApi: [],
    restartReady: [],
    idle: [],
    demoFirstPage: [],
    demoPage: [],
    demoApi: [],
    parts: [],
  };
  for (let i = 0; i < runs; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-start-'));
    // Each run's first start is a newcomer's: a fresh clone, nothing built, no data.
    const clone = freshClone();
    try {
      const first = await timeStart(port, dataDir, clone.dir);
      f.fresh.push(first.page);
      f.freshApi.push(first.api);
      f.freshReady.push(first.ready);
      const visitor = await visitorDuringDemo(`http://127.0.0.1:${port}`);
      f.demoFirstPage.push(visitor.firstPage);
      f.demoPage.push(visitor.page);
      f.demoApi.push(visitor.api);
      // A restart follows a session, not a start cut short: the prerendered pages are kept.
      await waitForFile(path.join(clone.dir, 'dist/cache/prerendered.json'), 60_000);
      await stopGroup(first.child);
      const again = await timeStart(port, dataDir, clone.dir);
      f.parts.push(
        `  run ${i + 1} first start (${first.load}): ready ${(first.ready / 1000).toFixed(2)} s; ${first.parts}`,
        `  run ${i + 1} restart (${again.load}): ready ${(again.ready / 1000).toFixed(2)} s; ${again.parts}`,
      );
      f.restart.push(again.page);
      f.restartApi.push(again.api);
      f.restartReady.push(again.ready);
      await new Promise((r) => setTimeout(r, 10_000));
      f.idle.push(groupRssMiB(again.child.pid ?? 0));
      await stopGroup(again.child);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
      clone.remove();
    }
    const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.info(
      `  run ${i + 1}: fresh ${sec(f.fresh[i]!)} (API ${sec(f.freshApi[i]!)}, ready ${sec(f.freshReady[i]!)}), restart ${sec(f.restart[i]!)} (API ${sec(f.restartApi[i]!)}, ready ${sec(f.restartReady[i]!)}), idle RSS ${f.idle[i]!.toFixed(0)} MiB; with the demo running: first page ${sec(f.demoFirstPage[i]!)}, slowest page ${sec(f.demoPage[i]!)}, slowest API ${sec(f.demoApi[i]!)}`,
    );
  }
  return f;
}
