import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../../scripts/architecture/imports.ts';
import {
  KNOWN_CYCLES,
  KNOWN_LAYER_EXCEPTIONS,
} from '../../scripts/architecture/known-exceptions.ts';
import {
  findImportCycles,
  findLayerViolations,
  LAYER_RULES,
  listSourceFiles,
  type Violation,
} from '../../scripts/architecture/layers.ts';

const SRC = path.resolve(import.meta.dirname, '../../src');
const key = (v: { from: string; to: string }) => `${v.from} -> ${v.to}`;
const HINT =
  'Layers import one way (docs/decisions/0008-layers.md): ' +
  Object.entries(LAYER_RULES)
    .map(([layer, may]) => `${layer} → ${may.join(', ') || 'nothing'}`)
    .join('; ') +
  '. Core errors: throw DomainError from src/core/errors.ts, not the API error.';

function unexpected(violations: Violation[]) {
  const known = new Set(KNOWN_LAYER_EXCEPTIONS.map(key));
  return violations.filter((v) => !known.has(key(v))).map(key);
}

/**
 * Imports of a twin (sandbox/ outside demo/ and product-admin/) that hand it product deps: any
 * layer's `deps.ts`, or the demo's and product-admin's own files. Core's, the agent's and the
 * API's are off limits by the table already; the others live in sandbox/ itself.
 */
function twinsTakingDeps(srcDir: string) {
  const twin = (file: string) =>
    file.startsWith('sandbox/') && !/^sandbox\/(demo|product-admin)\//.test(file);
  return listSourceFiles(srcDir)
    .map((file) => path.relative(srcDir, file))
    .filter(twin)
    .flatMap((from) => {
      const text = fs.readFileSync(path.join(srcDir, from), 'utf8');
      return importsOf(srcDir, path.join(srcDir, from), text)
        .filter(
          (e) => /(^|\/)deps\.ts$/.test(e.to) || /^sandbox\/(demo|product-admin)\//.test(e.to),
        )
        .map((e) => key({ from, to: e.to }));
    });
}

/** A throwaway src/ tree: { 'core/a.ts': "import …" }. */
function tree(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('layer rules on src/', () => {
  // Read once while collecting (no per-test timeout): parsing all of src/ is slow on a busy machine.
  const violations = findLayerViolations(SRC);
  const cycles = findImportCycles(SRC).map((c) => c.join(' | '));

  it('has no import against the layer table beyond the listed exceptions', () => {
    expect(unexpected(violations), HINT).toEqual([]);
  });

  it('gives the twins no product deps: they take the clock, logger, settings and their tables', () => {
    expect(twinsTakingDeps(SRC)).toEqual([]);
  });

  it('lists no exception that no longer exists (delete the line when you fix one)', () => {
    const present = new Set(violations.map(key));
    expect(KNOWN_LAYER_EXCEPTIONS.map(key).filter((k) => !present.has(k))).toEqual([]);
  });

  it('has no import cycle between files beyond the listed ones (type-only imports count)', () => {
    const known = new Set(KNOWN_CYCLES.map((c) => c.files));
    expect(cycles.filter((c) => !known.has(c))).toEqual([]);
    expect(KNOWN_CYCLES.map((c) => c.files).filter((c) => !cycles.includes(c))).toEqual([]);
  });
});

describe('the check bites', () => {
  it('catches each wrong direction, dynamic imports and re-exports included', () => {
    const dir = tree({
      'core/pay.ts': "import { app } from '../api/app.ts';\nexport const x = app;",
      'shared/units.ts': "export { db } from '../db/client.ts';",
      'web/page.tsx': "const m = await import('../core/pay.ts');",
      'integrations/x.ts': "import type { Deps } from '../core/deps.ts';",
      'agent/ok.ts':
        "import { pay } from '../core/pay.ts';\nimport { units } from '../shared/units.ts';",
      'api/app.ts': 'export const app = 1;',
    });
    expect(findLayerViolations(dir).map(key)).toEqual([
      'core/pay.ts -> api/app.ts',
      'integrations/x.ts -> core/deps.ts',
      'shared/units.ts -> db/client.ts',
      'web/page.tsx -> core/pay.ts',
    ]);
  });

  it('fails any import of src/main from another layer, a type-only one included', () => {
    const dir = tree({
      'core/a.ts': "import type { AppDeps } from '../main/deps.ts';",
      'core/b.ts': "import { type Config, loadConfig } from '../main/config.ts';",
      'api/c.ts': "import { type Logger } from '../main/logger.ts';",
      'agent/d.ts': "export type { Config } from '@/main/config';",
      'sandbox/twin.ts': "import type { AppDeps } from '../main/deps.ts';",
      'sandbox/demo/step.ts': "import type { AppDeps } from '../../main/deps.ts';",
      'sandbox/product-admin/routes.ts': "import type { AppDeps } from '../../main/deps.ts';",
      'main/compose.ts': "import type { ApiDeps } from '../api/deps.ts';",
      'main/config.ts': 'export type Config = {};',
      'api/deps.ts': 'export interface ApiDeps {}',
    });
    const found = findLayerViolations(dir);
    expect(unexpected(found)).toEqual([
      'agent/d.ts -> main/config.ts',
      'api/c.ts -> main/logger.ts',
      'core/a.ts -> main/deps.ts',
      'core/b.ts -> main/config.ts',
      'sandbox/demo/step.ts -> main/deps.ts',
      'sandbox/product-admin/routes.ts -> main/deps.ts',
      'sandbox/twin.ts -> main/deps.ts',
    ]);
    expect(found.filter((v) => v.typeOnly)).toHaveLength(6);
  });

  it('finds a twin that takes product deps, through sandbox/ itself too', () => {
    const dir = tree({
      'sandbox/x/service.ts': "import type { ProductAdminDeps } from '../product-admin/deps.ts';",
      'sandbox/llm/service.ts': "import type { CoreDeps } from '../../core/deps.ts';",
      'sandbox/product-admin/deps.ts': "import type { CoreDeps } from '../../core/deps.ts';",
      'sandbox/demo/run.ts': "import { pay } from '../../core/pay.ts';",
      'core/deps.ts': 'export interface CoreDeps {}',
      'core/pay.ts': 'export const pay = 1;',
    });
    expect(twinsTakingDeps(dir)).toEqual([
      'sandbox/llm/service.ts -> core/deps.ts',
      'sandbox/x/service.ts -> sandbox/product-admin/deps.ts',
    ]);
  });

  it('finds a cycle made only of type imports', () => {
    const dir = tree({
      'agent/a.ts': "import type { B } from './b.ts';\nexport type A = B;",
      'agent/b.ts': "import type { A } from './a.ts';\nexport type B = A;",
      'agent/c.ts': "import type { A } from './a.ts';",
    });
    expect(findImportCycles(dir)).toEqual([['agent/a.ts', 'agent/b.ts']]);
  });

  it('follows the tsconfig alias `@/` and extensionless specifiers like the bundler does', () => {
    const dir = tree({
      'core/pay.ts': 'export const pay = 1;',
      'shared/units.ts': 'export const units = 1;',
      'web/alias.tsx': "import { pay } from '@/core/pay';",
      'web/climb.tsx': "import { pay } from '@/web/../core/pay.ts';",
      'web/ok.tsx': "import { units } from '@/shared/units';\nimport React from 'react';",
      'web/dir.tsx': "import { x } from '../core';",
      'core/index.ts': 'export const x = 1;',
    });
    expect(findLayerViolations(dir).map(key)).toEqual([
      'web/alias.tsx -> core/pay.ts',
      'web/climb.tsx -> core/pay.ts',
      'web/dir.tsx -> core/index.ts',
    ]);
  });

  it('finds a web cycle written with extensionless and alias specifiers', () => {
    const dir = tree({
      'web/a.tsx': "import { b } from './b';\nexport const a = b;",
      'web/b.tsx': "import { a } from '@/web/a';\nexport const b = a;",
    });
    expect(findImportCycles(dir)).toEqual([['web/a.tsx', 'web/b.tsx']]);
  });
});
