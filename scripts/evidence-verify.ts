import fs from 'node:fs/promises';
import { runEvidenceVerify } from './evidence/verify-cli.ts';

// The server to ask: --server, else PUBLIC_URL, else the default run's address.
const defaultServer = process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
process.exitCode = await runEvidenceVerify(process.argv.slice(2), {
  fetch: (url) => fetch(url),
  print: (text) => process.stdout.write(`${text}\n`),
  defaultServer,
  readFile: (file) => fs.readFile(file),
  env: process.env,
});
