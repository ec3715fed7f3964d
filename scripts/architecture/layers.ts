import fs from 'node:fs';
import path from 'node:path';
import { importsOf } from './imports.ts';
import { aliasesFor } from './resolve.ts';

/**
 * The layer table of decision 0008 as a check: which top-level folder of `src/` may import which.
 * Type-only imports count too: a type cycle is still a cycle in how the code must be read, and
 * src/main is the one composition root, which no layer imports, not even for a type (each layer
 * declares the ports, deps and config slice it takes; main's values satisfy them structurally).
 */
export const LAYER_RULES: Record<string, readonly string[]> = {
  shared: [],
  db: ['shared'],
  integrations: ['shared'],
  core: ['shared', 'db', 'integrations'],
  agent: ['shared', 'db', 'integrations', 'core'],
  api: ['shared', 'db', 'integrations', 'core', 'agent'],
  sandbox: ['shared', 'db', 'integrations'],
  main: ['shared', 'db', 'integrations', 'core', 'agent', 'api', 'sandbox'],
  web: ['shared'],
};

/**
 * Sub-folders with their own rule (first match wins). The first-start demo is not a twin but a
 * product user driving the real paths, so it may reach the product's services (never the API).
 * Neither may reach src/main: main hands them what they need (`CoreDeps`, `ProductAdminDeps`).
 */
export const FOLDER_RULES: { folder: string; mayImport: readonly string[] }[] = [
  { folder: 'sandbox/demo', mayImport: ['shared', 'db', 'integrations', 'core', 'agent'] },
  // Sandbox admin routes that act through product services (close a reward month on demand).
  { folder: 'sandbox/product-admin', mayImport: ['shared', 'db', 'integrations', 'core'] },
];

export interface Violation {
  /** Importing file, relative to src/ (e.g. `core/transfers/send.ts`). */
  from: string;
  /** Imported file, relative to src/. */
  to: string;
  typeOnly: boolean;
}

const isTest = (name: string) => /\.test\.tsx?$/.test(name);

/** Every `.ts`/`.tsx` file under `srcDir` except tests (a test may reach across layers). */
export function listSourceFiles(srcDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !isTest(entry.name)) out.push(full);
    }
  };
  walk(srcDir);
  return out.sort();
}

export const layerOf = (srcRelative: string) => srcRelative.split(/[\\/]/)[0] ?? '';

function allowedFor(from: string): readonly string[] {
  const special = FOLDER_RULES.find((r) => from.startsWith(`${r.folder}/`));
  return special ? special.mayImport : (LAYER_RULES[layerOf(from)] ?? []);
}

/** Every import between top-level folders that the table does not allow. */
export function findLayerViolations(srcDir: string, files = listSourceFiles(srcDir)): Violation[] {
  const violations: Violation[] = [];
  const aliases = aliasesFor(srcDir);
  for (const file of files) {
    const from = path.relative(srcDir, file);
    for (const edge of importsOf(srcDir, file, fs.readFileSync(file, 'utf8'), aliases)) {
      if (edge.to.startsWith('..')) continue; // leaves src/: not a layer
      const target = layerOf(edge.to);
      if (target === layerOf(from) || allowedFor(from).includes(target)) continue;
      violations.push({ from, to: edge.to, typeOnly: edge.typeOnly });
    }
  }
  return violations;
}

/** Import cycles between files (type-only edges included), each as its sorted files. */
export function findImportCycles(srcDir: string, files = listSourceFiles(srcDir)): string[][] {
  const graph = new Map<string, string[]>();
  const aliases = aliasesFor(srcDir);
  for (const file of files) {
    const from = path.relative(srcDir, file);
    const edges = importsOf(srcDir, file, fs.readFileSync(file, 'utf8'), aliases);
    graph.set(
      from,
      edges.map((e) => e.to),
    );
  }
  return stronglyConnected(graph)
    .filter((c) => c.length > 1 || graph.get(c[0]!)?.includes(c[0]!))
    .map((c) => c.sort());
}

/** Tarjan's algorithm, iterative enough for a codebase of this size. */
function stronglyConnected(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const strong = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      out.push(component);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return out;
}
