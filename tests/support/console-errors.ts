import { inspect } from 'node:util';
import { afterEach, beforeEach, expect } from 'vitest';

/**
 * vitest setupFile: a test fails when something logs `console.error` it did not say it expected
 * (issue 44 §3). A swallowed failure that only shows as a red line in the output is a bug the
 * suite would otherwise pass over. `TEST_CONSOLE_ERRORS=report` only lists them (after the
 * test's name) instead of failing. A test that stubs console.error itself declares it too.
 */
const original = console.error.bind(console);
let expected: RegExp[] = [];
let unexpected: string[] = [];

/** This test logs a console.error whose text matches `pattern` (any error if none given). */
export function expectConsoleError(pattern: RegExp = /[\s\S]*/) {
  expected.push(pattern);
}

console.error = (...args: unknown[]) => {
  const text = args
    .map((a) =>
      typeof a === 'string' ? a : a instanceof Error ? (a.stack ?? a.message) : inspect(a),
    )
    .join(' ');
  if (!expected.some((pattern) => pattern.test(text))) unexpected.push(text);
  original(...args);
};

beforeEach(() => {
  expected = [];
  unexpected = [];
});

afterEach(() => {
  const found = unexpected;
  expected = [];
  unexpected = [];
  if (found.length === 0) return;
  const what = `${found.length} unexpected console.error in "${expect.getState().currentTestName}":\n${found
    .map((t) => `  ${t.split('\n')[0]}`)
    .join('\n')}`;
  if (process.env.TEST_CONSOLE_ERRORS === 'report') {
    console.warn(`[console-errors] ${what}`);
    return;
  }
  throw new Error(`${what}\n(expected? call expectConsoleError(/…/) in the test)`);
});
