import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '@/db/client.ts';
import {
  createMigratedPostgres,
  dropPostgres,
  migratedPgliteDump,
} from '../../tests/support/template-db.ts';
import { median } from './goals.ts';
import type { BenchSection } from './types.ts';

const RUNS = Number(process.env.BENCH_DB_OPEN_RUNS ?? 5);

/**
 * What a test file pays to open its migrated database (issue 44 §3, decision 0062): before,
 * an empty database migrated per file; now, a copy of the run's migrated template. Old and new
 * alternate in one process, so both see the same machine load. PGlite's WebAssembly is compiled
 * once before the first run: a test file pays that on top, either way.
 * PostgreSQL is measured when TEST_DATABASE_URL is set (an admin URL, as the tests take).
 */
export const testDbOpenBench: BenchSection = {
  title: 'Test database open (template vs migrate per file)',
  async run() {
    const dump = await migratedPgliteDump(); // also warms the WebAssembly
    // What every test file loads (decision 0083: 43 MB with PostgreSQL's 16 MB WAL and templates).
    console.info(`  PGlite template dump: ${(dump.byteLength / 1e6).toFixed(1)} MB`);
    const pglite = await compare(
      () => openDatabase({ dataDir: 'memory://' }).then((d) => d.close()),
      () =>
        openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([dump]) }).then((d) =>
          d.close(),
        ),
    );
    print('PGlite', pglite);
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) {
      console.info('  PostgreSQL: skipped (set TEST_DATABASE_URL)');
      return;
    }
    const template = `upsider_bench_template_${randomBytes(4).toString('hex')}`;
    await createMigratedPostgres(adminUrl, template);
    try {
      print(
        'PostgreSQL',
        await compare(
          () => openPostgres(adminUrl),
          () => openPostgres(adminUrl, template),
        ),
      );
    } finally {
      await dropPostgres(adminUrl, template);
    }
  },
};

async function openPostgres(adminUrl: string, template?: string) {
  const name = `upsider_bench_open_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await (await openDatabase({ url: url.toString() })).close();
  } finally {
    await dropPostgres(adminUrl, name);
  }
}

/** ms per open, old and new interleaved. */
async function compare(old: () => Promise<void>, now: () => Promise<void>) {
  const times = { old: [] as number[], now: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    for (const [key, open] of [
      ['old', old],
      ['now', now],
    ] as const) {
      const started = performance.now();
      await open();
      times[key].push(performance.now() - started);
    }
  }
  return times;
}

function print(what: string, t: { old: number[]; now: number[] }) {
  const o = median(t.old);
  const n = median(t.now);
  console.info(
    `  ${what}: migrate per file ${o.toFixed(0)} ms → copy of the template ${n.toFixed(0)} ms` +
      ` (median of ${RUNS}; ${(o / n).toFixed(1)}× faster)`,
  );
}
