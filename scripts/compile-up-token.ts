/**
 * Compiles src/sandbox/base/contracts/UpToken.sol with solc from npm (pinned in package.json)
 * and writes the committed artifact the sandbox deploys: `npm run compile:up-token`.
 * A unit test recompiles and compares, so the artifact always matches the source.
 */
import fs from 'node:fs';
import { compileUpToken, UP_TOKEN_ARTIFACT_PATH } from '@/sandbox/base/compile-up-token.ts';

const artifact = await compileUpToken();
fs.writeFileSync(UP_TOKEN_ARTIFACT_PATH, `${JSON.stringify(artifact, null, 2)}\n`);
process.stdout.write(`wrote ${UP_TOKEN_ARTIFACT_PATH} (solc ${artifact.compiler})\n`);
