import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { waitRealMs } from './real-time.ts';

/**
 * vitest globalSetup: a test run leaves nothing behind. Every PostgreSQL database a test makes
 * is dropped by the end, and no process a test started (anvil, ffmpeg…) outlives it. Each run
 * marks what it makes with an id of its own, `UPSIDER_TEST_RUN` (scratch database names carry
 * it, test-db.ts; child processes inherit it), so another run on the same machine is never
 * mistaken for a leak. A leak fails the run, naming what was left, and is cleaned up.
 */
export default function setup() {
  const run = randomBytes(3).toString('hex');
  // Set before the workers start, so each test file's process or thread inherits it.
  process.env.UPSIDER_TEST_RUN = run;
  return async () => {
    const leaks = [...(await leftDatabases(run)), ...(await leftProcesses(run))];
    if (leaks.length > 0) {
      // vitest only logs an error thrown here; the exit code is what fails CI.
      process.exitCode = 1;
      throw new Error(`the test run left these behind: ${leaks.join(', ')}`);
    }
  };
}

async function leftDatabases(run: string) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return [];
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`%\\_${run}\\_%`],
    );
    for (const { datname } of rows) await admin.query(`drop database ${datname} with (force)`);
    return rows.map((r) => `database ${r.datname}`);
  } finally {
    await admin.end();
  }
}

/** Processes other than node (vitest's own workers) that carry this run's id, after a grace. */
async function leftProcesses(run: string) {
  const marker = `UPSIDER_TEST_RUN=${run}`;
  const mine = () =>
    fs
      .readdirSync('/proc')
      .filter((pid) => /^\d+$/.test(pid) && Number(pid) !== process.pid)
      .flatMap((pid) => {
        try {
          const environ = fs.readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
          if (!environ.includes(marker)) return [];
          const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0');
          return /(^|\/)node$/.test(cmd[0] ?? '') ? [] : [{ pid, cmd: cmd.join(' ').trim() }];
        } catch {
          return []; // gone meanwhile, or not ours to read
        }
      });
  for (let i = 0; i < 50 && mine().length > 0; i++)
    await waitRealMs(100, 'process: a stopped child exits in its own time');
  const left = mine();
  for (const p of left) {
    try {
      process.kill(Number(p.pid), 'SIGKILL');
    } catch {}
  }
  return left.map((p) => `process ${p.pid} (${p.cmd.slice(0, 80)})`);
}
