import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { addGoalRow } from './goals.ts';
import { type BenchSection, CHROMIUM_FLAGS } from './types.ts';

interface RunningChromium {
  port: number;
  kill(): void;
}

/** chrome-launcher comes with lighthouse; without it, start Chromium ourselves. */
async function launchChromium(chromePath: string): Promise<RunningChromium> {
  try {
    const launcher = await import('chrome-launcher');
    const chrome = await launcher.launch({
      chromePath,
      chromeFlags: CHROMIUM_FLAGS,
      logLevel: 'silent',
    });
    return { port: chrome.port, kill: () => chrome.kill() };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw err;
    return spawnChromium(chromePath);
  }
}

async function spawnChromium(chromePath: string): Promise<RunningChromium> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-bench-chromium-'));
  const child = spawn(
    chromePath,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const kill = () => {
    child.kill('SIGKILL');
    fs.rmSync(profile, { recursive: true, force: true });
  };
  // Chromium prints "DevTools listening on ws://127.0.0.1:PORT/..." once it is ready.
  const port = await new Promise<number>((resolve, reject) => {
    let log = '';
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(log);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) =>
      reject(new Error(`Chromium exited (${code}) before DevTools:\n${log}`)),
    );
  }).catch((err) => {
    kill();
    throw err;
  });
  return { port, kill };
}

/** Lighthouse 12 with its default (mobile, simulated throttling) settings on the landing page. */
export const lighthouseLanding: BenchSection = {
  title: "Lighthouse (mobile) on '/'",
  async run(ctx) {
    const url = `${await ctx.server()}/`;
    const chromium = await launchChromium(ctx.chromePath);
    try {
      const result = await lighthouse(url, {
        port: chromium.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance'],
      });
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      const score = lhr.categories.performance?.score;
      const audit = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
      const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
      if (lcp != null) {
        addGoalRow({
          what: 'Landing LCP, Lighthouse mobile (1 run)',
          unit: 's',
          baseline: null,
          runs: [lcp / 1000],
          goal: '≤ 1.5 s',
          met: lcp <= 1500,
        });
      }
      if (score != null) {
        addGoalRow({
          what: "Lighthouse performance '/' (1 run)",
          unit: '',
          baseline: null,
          runs: [score * 100],
          goal: '≥ 95',
          met: score >= 0.95,
        });
      }
      console.info(`  performance score  ${score == null ? 'n/a' : Math.round(score * 100)}`);
      console.info(`  LCP                ${audit('largest-contentful-paint')}`);
      console.info(`  FCP                ${audit('first-contentful-paint')}`);
      console.info(`  TBT                ${audit('total-blocking-time')}`);
      console.info(`  CLS                ${audit('cumulative-layout-shift')}`);
    } finally {
      chromium.kill();
    }
  },
};
