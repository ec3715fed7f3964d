// Writes the sandbox's Constellation genesis (src/sandbox/constellation/genesis.json) and the
// sandbox-only system-wallet keys (system-keys.json) from a seed. Same seed, same files.
// Usage: node --import tsx scripts/generate-genesis.ts [seed]
import fs from 'node:fs';
import {
  GENESIS_PATH,
  loadGenesis,
  loadSandboxSystemKeys,
  SYSTEM_KEYS_PATH,
} from '@/sandbox/constellation/genesis.ts';
import { buildGenesis } from '@/sandbox/constellation/genesis-builder.ts';

const seed = process.argv[2] ?? 'upsider-sandbox-genesis-v1';
const { genesis, systemKeys } = buildGenesis(seed);
fs.writeFileSync(GENESIS_PATH, `${JSON.stringify(genesis, null, 2)}\n`);
fs.writeFileSync(SYSTEM_KEYS_PATH, `${JSON.stringify(systemKeys, null, 2)}\n`);
// Read both back through the loader so a bad output fails here, not at startup.
const loaded = loadGenesis();
loadSandboxSystemKeys();
for (const [token, map] of Object.entries(loaded.balances)) {
  console.info(`${token}: ${map.size} holders, total ${loaded.totalSupply[token as 'UP']}`);
}
