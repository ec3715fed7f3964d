// `npm test`: every check, in the order a failure is cheapest to find.
// Chromium and SoftHSM2 (installed on Debian when missing) → typecheck, lint and production build → unit +
// integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) → end-to-end in Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureSoftHsm } from './ensure-softhsm.mjs';

// Each step's seconds, printed at the end: issue 44's suite goals are read off this line.
const started = performance.now();
const took = [];
const seconds = (since) => Math.round((performance.now() - since) / 1000);

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

/** Runs the checks at once, each one's output printed whole when all are done, in this order. */
async function runTogether(checks) {
  const since = performance.now();
  const results = await Promise.all(
    checks.map(
      ([title, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { env: { ...process.env, FORCE_COLOR: '1' } });
          const out = [];
          child.stdout.on('data', (d) => out.push(d));
          child.stderr.on('data', (d) => out.push(d));
          child.on('error', (err) => out.push(Buffer.from(`${err.message}\n`)));
          child.on('close', (status) => resolve({ title, status, out: Buffer.concat(out) }));
        }),
    ),
  );
  took.push(`${checks.map(([title]) => title).join(', ')} ${seconds(since)} s`);
  for (const { title, status, out } of results) {
    console.info(`\n▶ ${title}`);
    process.stdout.write(out);
    if (status !== 0) {
      console.error(`\n✗ ${title} failed`);
      process.exit(status ?? 1);
    }
  }
}

const bin = (name) => `node_modules/.bin/${name}`;
// Typecheck, lint and the production build side by side (tsc is one thread; the build is
// seconds): a failure in any is still reported by its own name. The build comes before
// vitest: the static-serving and HTML-header tests read the built app (dist/web).
await runTogether([
  ['typecheck', bin('tsc'), ['--noEmit']],
  ['lint', bin('biome'), ['check', '.']],
  ['production build', 'npm', ['run', 'build', '--silent']],
]);
// One vitest run: unit, integration on PGlite, and (TEST_DATABASE_URL set) integration on
// PostgreSQL — vitest.config.ts adds that project, so `npx vitest run` runs it too.
run('unit + integration tests', bin('vitest'), ['run']);
if (!process.env.TEST_DATABASE_URL) {
  console.info('\n(TEST_DATABASE_URL not set: integration tests ran on PGlite only)');
}
run('end-to-end tests (Chromium)', bin('playwright'), ['test'], { CHROMIUM_PATH: chromium });
console.info(`\n✓ all checks passed in ${seconds(started)} s (${took.join('; ')})`);
