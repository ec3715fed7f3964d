import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another process (pid ${holderPid}). ` +
        'Only one process may use an embedded (PGlite) data folder: stop that process first, ' +
        'or give this one its own DATA_DIR, or use PostgreSQL (DATABASE_URL) to run several.',
    );
    this.name = 'DataDirLockedError';
  }
}

const LOCK_FILE = 'upsider.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * An exclusive lock on an embedded data folder: two processes on one PGlite folder both answer
 * and silently lose each other's writes. The lock file holds the holder's pid; a lock whose
 * process is gone (killed, crashed) is stale and taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      if (holder !== null && isAlive(holder)) throw new DataDirLockedError(dataDir, holder);
      fs.rmSync(file, { force: true });
      continue;
    }
    // Two processes taking over the same stale lock: only the one whose pid stayed in it wins.
    const holder = readHolder(file);
    if (holder !== process.pid) throw new DataDirLockedError(dataDir, holder ?? 0);
    return () => {
      if (readHolder(file) === process.pid) fs.rmSync(file, { force: true });
    };
  }
  throw new DataDirLockedError(dataDir, readHolder(file) ?? 0);
}
