import fs from 'node:fs';
import path from 'node:path';

/** Where child-bundle.ts put this run's compiled entries (set before the workers start). */
export const CHILD_BUNDLE_ENV = 'UPSIDER_TEST_CHILD_BUNDLE';

/**
 * Every entry a test starts as a child process. child-bundle.ts compiles these once per run, as
 * scripts/build-server.mjs compiles the server; a spawn names one of them through nodeArgs.
 */
export const CHILD_ENTRIES = [
  'src/main/agent-worker.ts',
  'src/main/server.ts',
  'src/main/doctor-cli.ts',
  'src/main/wallets-sweep-cli.ts',
  'scripts/evidence-verify.ts',
  'tests/support/transfer-child.ts',
  'tests/support/reward-payout-child.ts',
  'tests/support/wallet-sweep-child.ts',
] as const;
export type ChildEntry = (typeof CHILD_ENTRIES)[number];

/** The compiled file of `entry` inside a bundle folder. */
export function bundledFile(dir: string, entry: ChildEntry) {
  return path.join(dir, entry.replace(/\.ts$/, '.js'));
}

/**
 * The node arguments that run `entry`: its compiled file when this run bundled the entries
 * (0.2 s to load instead of tsx's 2.3 s, decision 0075), else `--import tsx <entry>` (a file
 * run without the globalSetup, the bench). The same source either way.
 */
export function nodeArgs(entry: ChildEntry, ...args: string[]): string[] {
  const dir = process.env[CHILD_BUNDLE_ENV];
  if (dir) {
    const file = bundledFile(dir, entry);
    // Gone: the bundle is stale or partial, and a silent tsx start would hide it.
    if (!fs.existsSync(file)) throw new Error(`${entry} is not in this run's bundle (${dir})`);
    return [file, ...args];
  }
  return ['--import', 'tsx', entry, ...args];
}
