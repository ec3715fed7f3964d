// `npm run validate`: typecheck, lint and every vitest project (no browser, no build), side by
// side — the suite's time is vitest's plus little (decision 0083). Epic Stack's `validate` runs
// its checks the same way.
import { exitStatusOf, runValidateChecks, secondsSince } from './checks.mjs';

const started = performance.now();
const results = await runValidateChecks();
const took = results.map(({ title, seconds }) => `${title} ${seconds} s`).join('; ');
const status = exitStatusOf(results);
console.info(
  `\n${status ? '✗ validate failed' : '✓ validate passed'} in ${secondsSince(started)} s (${took})`,
);
process.exit(status);
