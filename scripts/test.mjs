// `npm test`: every check, in the order a failure is cheapest to find.
// Chromium and SoftHSM2 (installed on Debian when missing) → typecheck → lint → production build → unit +
// integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) → end-to-end in Chromium.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureSoftHsm } from './ensure-softhsm.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
ensureChromium(chromium);
// The HSM wallet-key tests (decision 0046) need SoftHSM2.
ensureSoftHsm();

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
// The production build comes before vitest: the static-serving and HTML-header tests read
// the built app (dist/web), so they run for real instead of skipping.
run('production build', 'npm', ['run', 'build', '--silent']);
// One vitest run: unit, integration on PGlite, and (TEST_DATABASE_URL set) integration on
// PostgreSQL — vitest.config.ts adds that project, so `npx vitest run` runs it too.
run('unit + integration tests', bin('vitest'), ['run']);
if (!process.env.TEST_DATABASE_URL) {
  console.info('\n(TEST_DATABASE_URL not set: integration tests ran on PGlite only)');
}
run('end-to-end tests (Chromium)', bin('playwright'), ['test'], { CHROMIUM_PATH: chromium });
console.info('\n✓ all checks passed');
