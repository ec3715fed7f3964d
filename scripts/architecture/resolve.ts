import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../..');
const REPO_SRC = path.join(ROOT, 'src');

/** Prefix → directory, e.g. `@/` → `<srcDir>/`. */
export type Aliases = [prefix: string, dir: string][];

/**
 * The path aliases of tsconfig.json (`"@/*": ["./src/*"]`), each rebased onto `srcDir` so that a
 * throwaway tree in a temp folder resolves `@/…` into itself, as the real tree does into src/.
 */
export function aliasesFor(srcDir: string, tsconfig = path.join(ROOT, 'tsconfig.json')): Aliases {
  const { config } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  const paths: Record<string, string[]> = config?.compilerOptions?.paths ?? {};
  return Object.entries(paths)
    .filter(([key, targets]) => key.endsWith('/*') && targets[0]?.endsWith('/*'))
    .map(([key, targets]) => {
      const target = path.resolve(path.dirname(tsconfig), targets[0]!.slice(0, -2));
      return [key.slice(0, -1), path.resolve(srcDir, path.relative(REPO_SRC, target))];
    });
}

/** What the bundler tries for a specifier written without its extension. */
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/**
 * The file an import specifier names, as an absolute path: relative (`./x`, `../x`) or through an
 * alias (`@/web/x`), with or without extension. `undefined` for a package (`react`, `node:fs`).
 * A local specifier that names no file keeps its written path, so a wrong one is still reported.
 */
export function resolveSpecifier(
  spec: string,
  fromFile: string,
  aliases: Aliases,
): string | undefined {
  let base: string | undefined;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(fromFile), spec);
  else {
    const alias = aliases.find(([prefix]) => spec.startsWith(prefix));
    if (alias) base = path.resolve(alias[1], spec.slice(alias[0].length));
  }
  if (base === undefined) return undefined;
  for (const suffix of CANDIDATES) {
    const candidate = base + suffix;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return base;
}
