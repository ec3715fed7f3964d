import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { filesOpeningTestDatabase } from './tests/support/opens-test-database.ts';

const integration = {
  include: ['tests/integration/**/*.test.ts'],
  environment: 'node' as const,
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

/** The PostgreSQL pass: the integration files that open the run's database (decision 0068). */
function integrationFilesOnTheDatabase() {
  const root = import.meta.dirname;
  const files = fs
    .readdirSync(path.join(root, 'tests/integration'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join('tests/integration', f));
  return filesOpeningTestDatabase(root, files);
}

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    // Two files at once (vitest's default here is cores − 1 = 1): integration files wait on
    // databases, sockets and child processes more than on the CPU. Six files, both ways at once:
    // 289 s → 239 s (decision 0062). Set for the whole run: vitest refuses projects that differ in
    // it unless each runs as its own sequential group.
    maxWorkers: 2,
    // Each worker runs its files one after another in one process, keeping the modules it has
    // loaded and PGlite's compiled WebAssembly: integration 578 s → 280 s, unit + contract
    // 101 s → 60 s, all passing both ways (decision 0068). A file restores what it stubs.
    isolate: false,
    // leak-check first: its teardown, last, sees whatever the template's teardown left.
    globalSetup: [
      'tests/support/leak-check.ts',
      'tests/support/seed.ts',
      'tests/support/template-db.ts',
      // The entries tests spawn, compiled once: a child loads in 0.2 s, not 2.3 (decision 0075).
      'tests/support/child-bundle.ts',
    ],
    // A test fails on a console.error it did not declare (decision 0062).
    setupFiles: ['tests/support/console-errors.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'tests/architecture/**/*.test.ts',
            'tests/support/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      // The services' official client libraries, unmodified, against the local twins (issue 42).
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          ...integration,
          env: { TEST_DB: process.env.TEST_DB ?? 'pglite' },
        },
      },
      // Whatever runs vitest (npm test, npx vitest run, npm run validate), a TEST_DATABASE_URL adds
      // the PostgreSQL pass, so the proofs only PostgreSQL can give never skip silently. It runs
      // the files that open the run's database; the rest would run the same code twice.
      // (TEST_DB=postgres instead moves `integration` itself onto PostgreSQL.)
      ...(process.env.TEST_DATABASE_URL && process.env.TEST_DB !== 'postgres'
        ? [
            {
              extends: true as const,
              test: {
                name: 'integration-postgres',
                ...integration,
                include: integrationFilesOnTheDatabase(),
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
