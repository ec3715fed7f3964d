import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Tests do not sleep on real time (issue 44 §3; decision 0072): in-process work is driven by an
 * injected clock or timer, `tick()`/`runNow()`, or awaited with `until()`. The waits that must
 * stay real (a child process, a socket, the database server, a real server's timers) all go
 * through tests/support/real-time.ts `waitRealMs(ms, why)`; only it and until()'s poll step sleep.
 * The Playwright specs (tests/e2e) too: Playwright's `waitForTimeout` is a sleep; a spec waits on
 * a condition (expect, expect.poll, waitForResponse, the page's `clock`), or a real wait says
 * why through `waitRealMs` as above.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const ALLOWED = [
  'tests/support/real-time.ts', // waitRealMs: the real waits, each with its reason
  'tests/support/wait-for.ts', // until(): the spacing between checks, ended by the check
  'tests/architecture/real-time-waits.test.ts', // the detector's own examples
];

const SLEEPS: [string, RegExp][] = [
  ['a timer resolving a promise', /setTimeout\(\s*(r|res|resolve|done|next)\s*[,)]/],
  ['a timer inside a promise', /new Promise[^;]{0,80}?setTimeout\(/],
  ['a sleep( call', /\bsleep\s*\(/],
  ['a delay( call', /\bdelay\s*\(/],
  ['node:timers/promises', /timers\/promises/],
  ["Playwright's waitForTimeout", /\.waitForTimeout\s*\(/],
];

/** Comments may say "sleep(": only code counts. */
const code = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ''))
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

function sleepsIn(text: string): string[] {
  const found: string[] = [];
  code(text)
    .split('\n')
    .forEach((line, i) => {
      const hit = SLEEPS.find(([, re]) => re.test(line));
      if (hit) found.push(`${i + 1}: ${hit[0]}`);
    });
  return found;
}

function testFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') testFiles(rel, out);
    } else if (
      /\.test\.tsx?$/.test(entry.name) ||
      (/^tests\/(support|e2e)\//.test(rel) && /\.ts$/.test(entry.name))
    ) {
      out.push(rel);
    }
  }
  return out;
}

describe('real-time waits in tests', () => {
  it('the detector sees the usual ways to sleep, and not the helper or a comment', () => {
    expect(sleepsIn('await new Promise((r) => setTimeout(r, 20));')).toHaveLength(1);
    expect(sleepsIn('const later = new Promise((r) => setTimeout(() => r(v), ms));')).toHaveLength(
      1,
    );
    expect(sleepsIn('await sleep(100);')).toHaveLength(1);
    expect(sleepsIn("import { setTimeout } from 'node:timers/promises';")).toHaveLength(1);
    expect(sleepsIn("await waitRealMs(300, 'process: the child is killed');")).toEqual([]);
    expect(sleepsIn('// no sleep(20) here')).toEqual([]);
    expect(sleepsIn('await page.waitForTimeout(500);')).toEqual(["1: Playwright's waitForTimeout"]);
  });

  it('no test file or e2e spec sleeps on real time outside real-time.ts and wait-for.ts', () => {
    const offenders = [...testFiles('src'), ...testFiles('tests')]
      .filter((f) => !ALLOWED.includes(f))
      .flatMap((f) => {
        const text = fs.readFileSync(path.join(ROOT, f), 'utf8');
        // A file on vi.useFakeTimers() steps its timers: a timer there is not a real wait.
        if (/vi\.useFakeTimers\(\)/.test(text)) return [];
        return sleepsIn(text).map((s) => `${f}:${s}`);
      });
    expect(offenders).toEqual([]);
  });
});
