import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWalletClient, http, publicActions } from 'viem';
import { base } from 'viem/chains';
import { afterEach } from 'vitest';
import { type BaseChain, startBaseChain } from '@/sandbox/base/chain.ts';

/**
 * Local Base nodes started by a test file, each stopped (and each temp folder removed) after
 * every test; `reader` reads a node as the product's clients do.
 */
export function localBaseNodes() {
  const chains: BaseChain[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const c of chains.splice(0)) await c.anvil.stop();
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  return {
    async start(opts: Parameters<typeof startBaseChain>[0]) {
      const chain = await startBaseChain(opts);
      chains.push(chain);
      return chain;
    },
    tempDir(prefix: string) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    reader(chain: BaseChain) {
      const url = chain.anvil.url;
      return createWalletClient({
        chain: { ...base, rpcUrls: { default: { http: [url] } } },
        transport: http(url),
      }).extend(publicActions);
    },
  };
}
