import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What a newcomer starts from (decision 0065): a `git clone` of this checkout's HEAD in a temp
 * folder, no dist/ and no data, with node_modules linked to this checkout's (installing is not
 * what the start is measured on). Uncommitted changes are not in it.
 */
export function freshClone(): { dir: string; remove(): void } {
  const root = path.resolve(import.meta.dirname, '../..');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-clone-'));
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, dir], { stdio: 'ignore' });
  fs.symlinkSync(fs.realpathSync(path.join(root, 'node_modules')), path.join(dir, 'node_modules'));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5 }) };
}

/** The machine's load average over the last minute, as `load 3.2`. */
export const loadNow = () => `load ${os.loadavg()[0]?.toFixed(1)}`;

/**
 * The server's own account of its start (the start-up timer's line, logged at info): when each
 * part ended, in ms since its process started. `build` is what ran before the server's modules
 * (the build, when one was due); `baseNode` the local Base node with its genesis.
 */
export function startParts(logFile: string): Record<string, number> | null {
  const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
  for (const line of text.split('\n')) {
    if (!line.includes('start-up steps')) continue;
    try {
      const { level, time, pid, hostname, msg, ...steps } = JSON.parse(line);
      return steps as Record<string, number>;
    } catch {
      return null;
    }
  }
  return null;
}

/** One line: the parts of a start that matter for the goals, in seconds. */
export function describeParts(parts: Record<string, number> | null): string {
  if (!parts) return 'parts not logged';
  const s = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(2)}`);
  const d = (a?: number, b?: number) => (a === undefined || b === undefined ? undefined : a - b);
  return [
    `build+load ${s(parts.serverModules)}`,
    `listen ${s(parts.listen)}`,
    `database (open + migrations) ${s(d(parts.database, parts.productModules))}`,
    `Base node ready at ${s(parts.baseNode)}`,
    `composed at ${s(parts.workers)}`,
    `ready at ${s(parts.background)} s`,
  ].join(', ');
}

/** Waits (up to `ms`) for `file`: what a first start leaves for the next one (prerender cache). */
export async function waitForFile(file: string, ms: number) {
  const until = Date.now() + ms;
  while (!fs.existsSync(file) && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
  return fs.existsSync(file);
}
