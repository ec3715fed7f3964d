import fs from 'node:fs/promises';
import { serverAddress } from '@/shared/server-address.ts';
import { runEvidenceVerify } from './evidence/verify-cli.ts';

// The server to ask: --server, else the one this environment's server listens on.
process.exitCode = await runEvidenceVerify(process.argv.slice(2), {
  fetch: (url) => fetch(url),
  print: (text) => process.stdout.write(`${text}\n`),
  defaultServer: serverAddress(process.env),
  readFile: (file) => fs.readFile(file),
  env: process.env,
});
