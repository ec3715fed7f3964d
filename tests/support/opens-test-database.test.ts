import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesOpeningTestDatabase } from './opens-test-database.ts';

const root = path.resolve(import.meta.dirname, '../..');

function integrationFiles() {
  return fs
    .readdirSync(path.join(root, 'tests/integration'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join('tests/integration', f));
}

describe('the PostgreSQL pass', () => {
  it('takes every file that names the database it needs', () => {
    const files = integrationFiles();
    const onDatabase = new Set(filesOpeningTestDatabase(root, files));
    const naming = files.filter((f) =>
      /testDbKind|createScratchPostgres|createTestDatabase/.test(
        fs.readFileSync(path.join(root, f), 'utf8'),
      ),
    );
    expect(naming.length).toBeGreaterThan(10);
    expect(naming.filter((f) => !onDatabase.has(f))).toEqual([]);
  });

  it('follows imports through other test modules, and leaves out a file that opens none', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opens-db-'));
    try {
      const write = (rel: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        fs.writeFileSync(path.join(dir, rel), text);
      };
      write('tests/support/test-db.ts', 'export const createTestDatabase = 1;\n');
      write('tests/support/env.ts', "import { createTestDatabase } from './test-db.ts';\n");
      write('tests/integration/a/direct.test.ts', "import '../../support/test-db.ts';\n");
      write('tests/integration/a/through.test.ts', "import { x } from '../../support/env';\n");
      write('tests/integration/a/twin.test.ts', "import { y } from 'node:http';\n");
      const files = ['direct', 'through', 'twin'].map((n) => `tests/integration/a/${n}.test.ts`);
      expect(filesOpeningTestDatabase(dir, files)).toEqual(files.slice(0, 2));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
