import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../../scripts/architecture/imports.ts';
import { listSourceFiles } from '../../scripts/architecture/layers.ts';

/**
 * The rooms of core/transfers (decision 0060): the two entry points never import each other,
 * and what both use imports neither. Tests may reach anywhere (listSourceFiles skips them).
 */
const ROOM_RULES: Record<string, readonly string[]> = {
  send: ['legs', 'model'],
  confirm: ['legs', 'model'],
  legs: ['model'],
  model: [],
};
const TRANSFERS = 'core/transfers/';

const roomOf = (srcRelative: string): string | null =>
  srcRelative.startsWith(TRANSFERS)
    ? (srcRelative.slice(TRANSFERS.length).split('/')[0] ?? null)
    : null;

/** `from -> to` for every import from a room into another room of transfers it may not use. */
function roomViolations(srcDir: string): string[] {
  return listSourceFiles(path.join(srcDir, 'core/transfers')).flatMap((file) => {
    const from = path.relative(srcDir, file);
    const room = roomOf(from);
    const may = room ? ROOM_RULES[room] : undefined;
    if (!room || !may) return [];
    return importsOf(srcDir, file, fs.readFileSync(file, 'utf8'))
      .map((edge) => edge.to)
      .filter((to) => {
        const target = roomOf(to);
        return target !== null && target !== room && !may.includes(target);
      })
      .map((to) => `${from} -> ${to}`);
  });
}

function tree(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'transfer-rooms-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('core/transfers rooms', () => {
  it('send/ and confirm/ never import each other; legs/ and model/ import neither', () => {
    const src = path.resolve(import.meta.dirname, '../../src');
    expect(roomViolations(src)).toEqual([]);
  });

  it('catches a send importing the poller, the reverse, and legs reaching up', () => {
    const dir = tree({
      'core/transfers/send/a.ts': "import { c } from '../confirm/index.ts';",
      'core/transfers/confirm/b.ts': "import type { T } from '../send/transfer.ts';",
      'core/transfers/legs/c.ts': "export { s } from '../send/index.ts';",
      'core/transfers/send/ok.ts': "import { l } from '../legs/index.ts';",
      'core/transfers/worker.ts': "import { c } from './confirm/index.ts';",
    });
    expect(roomViolations(dir).sort()).toEqual([
      'core/transfers/confirm/b.ts -> core/transfers/send/transfer.ts',
      'core/transfers/legs/c.ts -> core/transfers/send/index.ts',
      'core/transfers/send/a.ts -> core/transfers/confirm/index.ts',
    ]);
  });
});
