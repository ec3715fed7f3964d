import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm test` and `npm run validate` run typecheck, lint and vitest side by side
 * (scripts/checks.mjs, decision 0083). Side by side must still read as one check after another,
 * and a failure of any one must fail the whole.
 */
const checks = path.resolve(import.meta.dirname, '../../../scripts/checks.mjs');
const node = (code: string) => [process.execPath, ['-e', code]] as const;

/** Runs `runSideBySide` over the given checks in a child and returns what it printed. */
function sideBySide(list: [string, readonly [string, readonly string[]]][], live: string) {
  const program = `
    import { exitStatusOf, runSideBySide } from ${JSON.stringify(checks)};
    const list = ${JSON.stringify(list.map(([title, [cmd, args]]) => [title, cmd, args]))};
    const results = await runSideBySide(list, { live: ${JSON.stringify(live)} });
    console.info('statuses', results.map((r) => r.title + '=' + r.status).join(','));
    process.exit(exitStatusOf(results));`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' });
}

describe('checks side by side', () => {
  it('prints the live check as it runs and each held one whole under its title, after it', () => {
    const out = sideBySide(
      [
        ['held', node("console.log('held line 1'); console.error('held line 2')")],
        ['live', node("setTimeout(() => console.log('live line'), 200)")],
      ],
      'live',
    );
    expect(out.status).toBe(0);
    const text = out.stdout;
    expect(text.indexOf('▶ live')).toBeLessThan(text.indexOf('live line'));
    expect(text.indexOf('live line')).toBeLessThan(text.indexOf('▶ held'));
    expect(text.indexOf('▶ held')).toBeLessThan(text.indexOf('held line 1'));
    expect(text).toContain('held line 2');
    expect(text).toContain('statuses held=0,live=0');
  });

  it('fails with the failing check’s status, named, while the others run to their end', () => {
    const out = sideBySide(
      [
        ['typecheck', node("console.log('error TS2322'); process.exit(2)")],
        ['vitest', node("setTimeout(() => console.log('all passed'), 300)")],
      ],
      'vitest',
    );
    expect(out.status).toBe(2);
    expect(out.stdout).toContain('all passed');
    expect(out.stdout).toContain('error TS2322');
    expect(out.stderr).toContain('✗ typecheck failed');
    expect(out.stdout).toContain('statuses typecheck=2,vitest=0');
  });

  it('counts a check ended by a signal as failed', () => {
    const out = sideBySide([['killed', node("process.kill(process.pid, 'SIGKILL')")]], 'none');
    expect(out.status).toBe(1);
    expect(out.stderr).toContain('✗ killed failed');
  });
});
