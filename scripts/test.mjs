// `npm test`: every check, in the order a failure is cheapest to find.
// typecheck → lint → unit + integration (PGlite) → integration (PostgreSQL, when
// TEST_DATABASE_URL is set) → production build → end-to-end in headless Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}. The end-to-end tests drive Debian's Chromium:\n` +
      '  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'or set CHROMIUM_PATH to a Chromium binary.',
  );
  process.exit(1);
}

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
run('unit + integration tests (PGlite)', bin('vitest'), ['run']);
if (process.env.TEST_DATABASE_URL) {
  run('integration tests (PostgreSQL)', bin('vitest'), ['run', '--project', 'integration'], {
    TEST_DB: 'postgres',
  });
} else {
  console.info('\n(TEST_DATABASE_URL not set: integration tests ran on PGlite only)');
}
run('production build', 'npm', ['run', 'build', '--silent']);
run('end-to-end tests (Chromium)', bin('playwright'), ['test'], { CHROMIUM_PATH: chromium });
console.info('\n✓ all checks passed');
