import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client.ts';
import { pgliteTemplate } from '../../support/test-db.ts';

/**
 * Two processes on one data folder lost acknowledged writes silently (decision 0009). A new
 * folder starts from the run's migrated template (initdb and the migrations are not what is
 * tested here, the lock taken before either is).
 */
describe('embedded data folder lock', () => {
  it('refuses a second opener, naming the holder pid; free again after close', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-lock-'));
    const first = await openDatabase({ dataDir, loadDataDir: pgliteTemplate() });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(
        new RegExp(`in use by another process \\(pid ${process.pid}\\)`),
      );
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir });
    await again.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes over a stale lock left by a process that is gone (kill -9)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-lock-'));
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    fs.writeFileSync(path.join(dataDir, 'upsider.lock'), `${dead.stdout.toString()}\n`);
    const database = await openDatabase({ dataDir, loadDataDir: pgliteTemplate() });
    expect(fs.readFileSync(path.join(dataDir, 'upsider.lock'), 'utf8').trim()).toBe(
      String(process.pid),
    );
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
