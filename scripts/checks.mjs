// The checks `npm test` and `npm run validate` share, and the one way they run side by side.
import { spawn } from 'node:child_process';

const bin = (name) => `node_modules/.bin/${name}`;

export const typecheck = ['typecheck', bin('tsc'), ['--noEmit']];
export const lint = ['lint', bin('biome'), ['check', '.']];
// One vitest run: unit, contract, integration on PGlite, and (TEST_DATABASE_URL set) integration
// on PostgreSQL — vitest.config.ts adds that project, so `npx vitest run` runs it too.
export const unitAndIntegration = ['unit + integration tests', bin('vitest'), ['run']];

/** Seconds since `since` (a performance.now()), rounded: each step's time is printed. */
export const secondsSince = (since) => Math.round((performance.now() - since) / 1000);

/**
 * Runs `checks` at once and resolves with each one's title, exit status and seconds. The check
 * named `live` (if any) prints as it goes; every other check's output is held and printed whole,
 * under its title, once all have ended, so no two checks' lines interleave. tsc and biome take
 * one core for ~30 s while vitest's two workers wait on databases, sockets and child processes
 * about a fifth of the time, so beside vitest they cost almost nothing (decision 0083).
 */
export async function runSideBySide(checks, { live } = {}) {
  const results = await Promise.all(
    checks.map(([title, cmd, args, env = {}]) => {
      const since = performance.now();
      const shown = title === live;
      if (shown) console.info(`\n▶ ${title}`);
      return new Promise((resolve) => {
        const child = spawn(cmd, args, {
          stdio: shown ? 'inherit' : ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, ...(shown ? {} : { FORCE_COLOR: '1' }), ...env },
        });
        const out = [];
        child.stdout?.on('data', (d) => out.push(d));
        child.stderr?.on('data', (d) => out.push(d));
        child.on('error', (err) => out.push(Buffer.from(`${err.message}\n`)));
        child.on('close', (status, signal) =>
          resolve({
            title,
            status: status ?? (signal ? 1 : 0),
            seconds: secondsSince(since),
            out: shown ? null : Buffer.concat(out),
          }),
        );
      });
    }),
  );
  for (const { title, out } of results) {
    if (!out) continue;
    console.info(`\n▶ ${title}`);
    process.stdout.write(out);
  }
  for (const { title, status } of results) {
    if (status !== 0) console.error(`\n✗ ${title} failed`);
  }
  return results;
}

/** What `npm run validate` runs, and `npm test` after its build: the three checks, vitest live. */
export const runValidateChecks = () =>
  runSideBySide([typecheck, lint, unitAndIntegration], { live: unitAndIntegration[0] });

/** The first failed check's exit status, or 0 when all passed. */
export const exitStatusOf = (results) => results.find((r) => r.status !== 0)?.status ?? 0;
