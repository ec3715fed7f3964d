import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileUpToken, UP_TOKEN_ARTIFACT_PATH } from './compile-up-token.ts';

describe('UpToken artifact', () => {
  it('is what solc makes of UpToken.sol today (npm run compile:up-token)', async () => {
    const committed = JSON.parse(fs.readFileSync(UP_TOKEN_ARTIFACT_PATH, 'utf8'));
    expect(await compileUpToken()).toEqual(committed);
  }, 60_000);
});
