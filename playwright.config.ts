import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium; Playwright never downloads a browser here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The bot's analysis key in the e2e server (a test value, never a real one). */
export const E2E_ANALYSES_KEY = 'e2e-portfolio-analyses-key';
const firstPort = Number(process.env.E2E_PORT ?? 4173);

/**
 * Two servers, each with its own data folder, and one worker per server: the spec files are
 * split in two by name, and each half runs in name order against its own server (a file may
 * rely on an earlier file of its half, e.g. digital-evidence before evidence-flow). Both halves
 * run at once (decision 0068). `E2E_SERVERS=1` runs every file against one server, in order.
 */
const halves =
  process.env.E2E_SERVERS === '1'
    ? [{ name: 'chromium', testMatch: /.*\.spec\.ts$/ }]
    : [
        { name: 'chromium a–m', testMatch: /\/[a-m][^/]*\.spec\.ts$/ },
        { name: 'chromium n–z', testMatch: /\/[n-z][^/]*\.spec\.ts$/ },
      ];
const servers = halves.map((half, i) => ({ ...half, port: firstPort + i }));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: servers.length,
  retries: 0,
  // 60 s: on a slower 2-core machine a sign-in plus an axe scan of a full page passed 30 s
  // (four specs timed out in axe's evaluate in one fresh-clone run; none failed an assertion).
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    trace: 'off',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: servers.map(({ name, testMatch, port }) => ({
    name,
    testMatch,
    workers: 1,
    use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${port}` },
  })),
  webServer: servers.map(({ port }) => ({
    // The production build, served the way `npm start` serves it (test.mjs builds first).
    command: 'node scripts/start.mjs',
    // Readiness: 503 until the start-up's background work (the local Base node) is done too.
    url: `http://127.0.0.1:${port}/api/health/ready`,
    reuseExistingServer: false,
    // A fresh data folder: the first start sets up the database and the local Base node.
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-e2e-')),
      LOG_LEVEL: 'warn',
      // The specs make their own records; the demo has its own test (tests/integration/sandbox/demo/demo).
      SANDBOX_DEMO: 'false',
      // Every spec signs in and browses from 127.0.0.1 within minutes; the limits have their own
      // test (tests/integration/api/http/rate-limits).
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
      RATE_LIMIT_PAGE_VIEWS_PER_MINUTE: '100000',
      RATE_LIMIT_CONSOLE_PER_MINUTE: '100000',
      // The portfolio spec posts an analysis as the bot would (tests/e2e/polymarket.spec.ts).
      // A value point every 5 s, so the portfolio chart has a history within the run.
      POLYMARKET_REFRESH_INTERVAL_MS: '5000',
      POLYMARKET_ANALYSES_KEY_SHA256: createHash('sha256').update(E2E_ANALYSES_KEY).digest('hex'),
    },
  })),
});
