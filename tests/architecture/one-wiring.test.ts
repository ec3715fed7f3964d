import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/main/config.ts';
import { TEST_ENV } from '../support/test-app.ts';

const SUPPORT = path.resolve(import.meta.dirname, '../support');
const BOOTSTRAP = path.resolve(import.meta.dirname, '../../src/main/bootstrap.ts');
/** What only the composition may call: a harness calling one wires the product by hand again. */
const WIRING = /\b(createAppDeps|createApp|composeAgent|startSandbox|sandboxMounts)\(/;

describe('one wiring (decision 0008)', () => {
  it('the test harnesses compose the product through composeProduct, never by hand', () => {
    const byHand = fs
      .readdirSync(SUPPORT)
      .filter((f) => /\.tsx?$/.test(f))
      .filter((f) => WIRING.test(fs.readFileSync(path.join(SUPPORT, f), 'utf8')));
    expect(byHand).toEqual([]);
    for (const f of ['test-app.ts', 'agent-env.ts']) {
      expect(fs.readFileSync(path.join(SUPPORT, f), 'utf8')).toContain('composeProduct(');
    }
  });

  it('bootstrap composes through the same function', () => {
    const text = fs.readFileSync(BOOTSTRAP, 'utf8');
    expect(text).toContain('composeProduct(');
    expect(text).not.toMatch(/\b(createAppDeps|createApp|composeAgent)\(/);
  });

  it('tests run with subscription reminders off unless they turn them on', () => {
    expect(loadConfig(TEST_ENV).subscriptions.reminderDays).toBe(0);
  });
});
