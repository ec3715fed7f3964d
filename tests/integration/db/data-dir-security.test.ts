import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrap } from '@/main/bootstrap.ts';
import { loadConfig } from '@/main/config.ts';

/**
 * The data folder's protections (decision 0009), on the real start-up path: a deleted master key
 * was silently replaced (orphaning every wallet), a 0644 key file was accepted, and the database
 * files were world-writable.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-secure-'));
const keyFile = path.join(dataDir, 'master.key');
const config = () =>
  loadConfig({
    NODE_ENV: 'test',
    PORT: '4321',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AGENT_IN_PROCESS: 'false',
  });
const start = async () => (await bootstrap(config(), { startAgentLoops: false })).stop();
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** Every entry under `dir` a group or others may use, with its mode. */
function looseUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    const own = (modeOf(full) & 0o077) !== 0 ? [`${full} ${modeOf(full).toString(8)}`] : [];
    return entry.isDirectory() ? [...own, ...looseUnder(full)] : own;
  });
}

/** This process's child processes that are anvil (the sandbox's local Base node), from /proc. */
const anvilChildren = () =>
  fs
    .readdirSync(`/proc/${process.pid}/task`)
    .flatMap((tid) =>
      fs.readFileSync(`/proc/${process.pid}/task/${tid}/children`, 'utf8').split(' '),
    )
    .filter((pid) => pid.trim() && fs.existsSync(`/proc/${pid}`))
    .filter((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('anvil'));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('data folder and master key at start-up', () => {
  it('creates the folder 0700 and every file 0600, and tightens an existing loose folder', async () => {
    fs.chmodSync(dataDir, 0o777);
    fs.writeFileSync(path.join(dataDir, 'left-over'), 'x', { mode: 0o666 });
    fs.chmodSync(path.join(dataDir, 'left-over'), 0o666);
    await start();
    expect(modeOf(dataDir)).toBe(0o700);
    expect(looseUnder(dataDir)).toEqual([]);
    expect(modeOf(keyFile)).toBe(0o600);
  });

  it('tightens PGlite’s files once ready: a loose one, and those it makes at an open (0644)', async () => {
    // Left loose by hand (or a copy): the start leaves PGlite's files for after ready.
    fs.chmodSync(path.join(dataDir, 'pglite', 'PG_VERSION'), 0o666);
    const started = await bootstrap(config(), { startAgentLoops: false });
    try {
      await started.background;
      expect(modeOf(dataDir)).toBe(0o700);
      expect(looseUnder(dataDir)).toEqual([]);
    } finally {
      await started.stop();
    }
  });

  it('refuses to start with a group- or world-readable key file, saying what to do', async () => {
    fs.chmodSync(keyFile, 0o644);
    await expect(start()).rejects.toThrow(/readable by group or others.*chmod 600/);
    fs.chmodSync(keyFile, 0o600);
    const tokenKeys = path.join(dataDir, 'x-token-keys.json');
    fs.chmodSync(tokenKeys, 0o644);
    // A KeyringError is what the server prints as one "Not started: …" line (no stack trace).
    await expect(start()).rejects.toMatchObject({
      name: 'KeyringError',
      message: expect.stringMatching(
        /x-token-keys\.json is readable by group or others.*chmod 600/,
      ),
    });
    fs.chmodSync(tokenKeys, 0o600);
  });

  it('refuses to start when X tokens are stored but x-token-keys.json is gone (no new keys)', async () => {
    // The earlier starts connected the sandbox agent's X account: its tokens are stored.
    const tokenKeys = path.join(dataDir, 'x-token-keys.json');
    const backup = fs.readFileSync(tokenKeys);
    fs.rmSync(tokenKeys);
    await expect(start()).rejects.toMatchObject({
      name: 'KeyringError',
      message: expect.stringMatching(/x-token-keys\.json is missing.*stored X token/),
    });
    expect(fs.existsSync(tokenKeys)).toBe(false);
    fs.writeFileSync(tokenKeys, backup, { mode: 0o600 });
    await start();
  });

  it('refuses to start when wallets exist but master.key is gone (no new key is made)', async () => {
    const backup = fs.readFileSync(keyFile);
    fs.rmSync(keyFile);
    await expect(start()).rejects.toThrow(/master\.key is missing.*Restore master\.key/);
    expect(fs.existsSync(keyFile)).toBe(false);
    // The refused start stopped the local Base node it had begun.
    await expect.poll(anvilChildren, { timeout: 5_000 }).toEqual([]);
    fs.writeFileSync(keyFile, backup, { mode: 0o600 });
    await start();
  });
});
