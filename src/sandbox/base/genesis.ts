import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { projectRoot } from '@/db/project-root.ts';

// From the checkout's root, not this file: the server also runs as a bundle in dist/server.
export const BASE_GENESIS_PATH = path.join(projectRoot(), 'src/sandbox/base/genesis.json');

const evm = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const amount = z.string().regex(/^\d+(\.\d{1,18})?$/);
const schema = z.object({
  description: z.string(),
  bridge: z.array(evm).length(2),
  liquidityPool: evm,
  mints: z.array(z.object({ to: evm, up: amount })).min(1),
  burns: z.array(z.object({ up: amount })),
});
export type BaseGenesis = z.infer<typeof schema>;

export function loadBaseGenesis(file = BASE_GENESIS_PATH): BaseGenesis {
  return schema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}
