import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../../scripts/architecture/imports.ts';
import { listSourceFiles } from '../../scripts/architecture/layers.ts';

const SRC = path.resolve(import.meta.dirname, '../../src');
const COMMANDS = 'agent/commands/';
/** The grammar every command's parser shares (tokens, vocabulary, the dispatcher): not a command. */
const SHARED = new Set(['grammar']);

/** Every agent file, relative to src/, with the src/ files it imports. */
function agentImports(srcDir: string) {
  return listSourceFiles(srcDir)
    .map((file) => path.relative(srcDir, file))
    .filter((file) => file.startsWith('agent/'))
    .map((from) => {
      const text = fs.readFileSync(path.join(srcDir, from), 'utf8');
      return { from, text, to: importsOf(srcDir, path.join(srcDir, from), text).map((e) => e.to) };
    });
}

const commandOf = (file: string) =>
  file.startsWith(COMMANDS) ? file.slice(COMMANDS.length).split('/')[0] : undefined;

/** Rooms of the agent (docs/decisions/0059-agent-rooms.md); the layer table is layers.test.ts. */
describe('agent rooms (decision 0059)', () => {
  const files = agentImports(SRC);

  it('a command folder imports no other command folder (only the shared grammar)', () => {
    const crossings = files.flatMap(({ from, to }) => {
      const own = commandOf(from);
      if (!own || SHARED.has(own)) return [];
      return to
        .filter((target) => {
          const other = commandOf(target);
          return other !== undefined && other !== own && !SHARED.has(other);
        })
        .map((target) => `${from} -> ${target}`);
    });
    expect(crossings).toEqual([]);
  });

  it('has no *-port.ts wrapping core: the agent calls core directly', () => {
    const wrappers = files
      .filter(({ from }) => /-ports?\.ts$/.test(from))
      .filter(({ to }) => to.some((target) => target.startsWith('core/')))
      .map(({ from }) => from);
    expect(wrappers).toEqual([]);
  });

  it('reads no environment: its settings arrive typed from src/main', () => {
    const readers = files
      .filter(({ from }) => !from.endsWith('.test.ts'))
      .filter(({ text }) => /\bprocess\.env\b/.test(text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')))
      .map(({ from }) => from);
    expect(readers).toEqual([]);
  });

  it('finds the command folders it guards (the check would pass vacuously otherwise)', () => {
    const commands = new Set(files.map(({ from }) => commandOf(from)).filter(Boolean));
    for (const command of ['send', 'balance', 'fingerprint', 'analyze', 'promote', 'video']) {
      expect(commands).toContain(command);
    }
    expect(commands).toContain('subscribe');
    expect(commands).toContain('confirm');
  });
});
