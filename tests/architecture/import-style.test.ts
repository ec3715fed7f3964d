import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/g;

/** Every server file under src/ (the web app is its own bundle with its own `@/` paths). */
function serverFiles(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return full === path.join(SRC, 'web') ? [] : serverFiles(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const layerOf = (fromSrc: string) => fromSrc.split(path.sep)[0];

/**
 * One import style on the server (decision 0067): another layer through `@/<layer>/…`, the
 * file's own layer relatively. A reader sees at the import which layer a name comes from, and
 * no path climbs `../../../` out of its folder. A core or integrations area with an index.ts is
 * entered through it (its surface for the other layers); tests may reach inside.
 */
function importStyleViolations(file: string, text: string): string[] {
  const here = layerOf(path.relative(SRC, file));
  const found: string[] = [];
  for (const [, spec] of text.matchAll(SPECIFIER)) {
    if (!spec) continue;
    if (spec.startsWith('@/')) {
      if (layerOf(spec.slice(2)) === here) found.push(`${spec}: same layer, import it relatively`);
      const area = spec.match(/^@\/((?:core|integrations)\/[^/]+)\/(.+)$/);
      const [, areaDir, inside] = area ?? [];
      if (areaDir && inside !== 'index.ts' && !file.endsWith('.test.ts')) {
        const index = `@/${areaDir}/index.ts`;
        if (fs.existsSync(path.join(SRC, areaDir, 'index.ts')))
          found.push(`${spec}: another layer's area, import '${index}'`);
      }
    } else if (spec.startsWith('.')) {
      const target = path.relative(SRC, path.resolve(path.dirname(file), spec));
      if (target.startsWith('..')) continue; // tests/support, scripts: outside the layers
      if (layerOf(target) !== here) found.push(`${spec}: another layer, import '@/${target}'`);
    }
  }
  return found;
}

describe('import style on the server (decision 0067)', () => {
  it('imports another layer through @/ and its own layer relatively', () => {
    const violations = serverFiles().flatMap((file) =>
      importStyleViolations(file, fs.readFileSync(file, 'utf8')).map(
        (v) => `${path.relative(SRC, file)}: ${v}`,
      ),
    );
    expect(violations).toEqual([]);
  });

  it('catches a relative climb into another layer and an alias into its own', () => {
    const file = path.join(SRC, 'agent/commands/send/execute-send.ts');
    expect(
      importStyleViolations(
        file,
        [
          "import { transfer } from '../../../core/transfers/index.ts';",
          "import { parse } from '@/agent/commands/grammar/parse.ts';",
          "const m = await import('../../../db/client.ts');",
          "import { ok } from '@/core/transfers/index.ts';",
          "import { near } from '../grammar/near-miss.ts';",
          "import { store } from '@/core/transfers/send/store.ts';",
        ].join('\n'),
      ),
    ).toEqual([
      "../../../core/transfers/index.ts: another layer, import '@/core/transfers/index.ts'",
      '@/agent/commands/grammar/parse.ts: same layer, import it relatively',
      "../../../db/client.ts: another layer, import '@/db/client.ts'",
      "@/core/transfers/send/store.ts: another layer's area, import '@/core/transfers/index.ts'",
    ]);
  });
});
