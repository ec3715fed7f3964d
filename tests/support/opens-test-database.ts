import fs from 'node:fs';
import path from 'node:path';

/**
 * The integration files that open the run's database: those importing tests/support/test-db.ts,
 * directly or through other modules under tests/. Only these can behave differently on
 * PostgreSQL, so only they run again in the `integration-postgres` project (decision 0068); a
 * twin's, a client's or a start-up file (its own PGlite data folder) would run the same code twice.
 */
export function filesOpeningTestDatabase(root: string, files: string[]): string[] {
  const testDb = path.join(root, 'tests/support/test-db.ts');
  const memo = new Map<string, boolean>();
  const opens = (file: string, seen: Set<string>): boolean => {
    if (file === testDb) return true;
    const known = memo.get(file);
    if (known !== undefined) return known;
    if (seen.has(file)) return false;
    seen.add(file);
    const result = localImports(file).some((dep) => opens(dep, seen));
    memo.set(file, result);
    return result;
  };
  return files.filter((file) => opens(path.resolve(root, file), new Set()));
}

/** Relative imports of a test module that resolve to a file under tests/. */
function localImports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)];
  return specifiers
    .map((m) => path.resolve(path.dirname(file), m[1]!))
    .map((p) => (p.endsWith('.ts') ? p : `${p}.ts`))
    .filter((p) => p.includes(`${path.sep}tests${path.sep}`) && fs.existsSync(p));
}
