// `npm test`: every check, in the order a failure is cheapest to find.
// Chromium (installed on Debian when missing) → typecheck → lint → unit + integration (PGlite,
// and PostgreSQL when TEST_DATABASE_URL is set) → production build → end-to-end in Chromium.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
ensureChromium(chromium);

function run(title, cmd, args, env = {}) {
  console.info(`\n▶ ${title}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    process.exit(res.status ?? 1);
  }
}

const bin = (name) => `node_modules/.bin/${name}`;
run('typecheck', bin('tsc'), ['--noEmit']);
run('lint', bin('biome'), ['check', '.']);
// One vitest run: unit, integration on PGlite, and (TEST_DATABASE_URL set) integration on
// PostgreSQL — vitest.config.ts adds that project, so `npx vitest run` runs it too.
run('unit + integration tests', bin('vitest'), ['run']);
if (!process.env.TEST_DATABASE_URL) {
  console.info('\n(TEST_DATABASE_URL not set: integration tests ran on PGlite only)');
}
run('production build', 'npm', ['run', 'build', '--silent']);
run('end-to-end tests (Chromium)', bin('playwright'), ['test'], { CHROMIUM_PATH: chromium });
console.info('\n✓ all checks passed');
