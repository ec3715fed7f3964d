// `npm test`: every check, in the order a failure is cheapest to find.
// Chromium and SoftHSM2 (installed on Debian when missing) → production build → typecheck, lint and
// unit + integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) side by side →
// end-to-end in Chromium.
import { spawnSync } from 'node:child_process';
import { exitStatusOf, runValidateChecks, secondsSince as seconds } from './checks.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureSoftHsm } from './ensure-softhsm.mjs';

// Each step's seconds, printed at the end: issue 44's suite goals are read off this line.
const started = performance.now();
const took = [];

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
ensureChromium(chromium);
// The HSM wallet-key tests (decision 0046) need SoftHSM2.
ensureSoftHsm();
took.push(`Chromium and SoftHSM2 ${seconds(started)} s`);

function run(title, cmd, args, env = {}) {
  console.info(`\n▶ ${title}`);
  const since = performance.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  took.push(`${title} ${seconds(since)} s`);
  if (res.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    process.exit(res.status ?? 1);
  }
}

// The production build first, alone: the static-serving and HTML-header tests read the built app
// (dist/web). Then what `npm run validate` runs, side by side (decision 0083): typecheck and lint
// beside vitest cost almost nothing, and each failure is still reported by its own name.
run('production build', 'npm', ['run', 'build', '--silent']);
const checks = await runValidateChecks();
for (const { title, seconds: s } of checks) took.push(`${title} ${s} s`);
if (exitStatusOf(checks)) process.exit(exitStatusOf(checks));
if (!process.env.TEST_DATABASE_URL) {
  console.info('\n(TEST_DATABASE_URL not set: integration tests ran on PGlite only)');
}
run('end-to-end tests (Chromium)', 'node_modules/.bin/playwright', ['test'], {
  CHROMIUM_PATH: chromium,
});
console.info(`\n✓ all checks passed in ${seconds(started)} s (${took.join('; ')})`);
