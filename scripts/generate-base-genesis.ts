/**
 * Writes src/sandbox/base/genesis.json: who holds UP on the local Base chain at start-up.
 * Deterministic (fixed seed); edit the file by hand or change this script and run it again:
 * `node --import tsx scripts/generate-base-genesis.ts`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { getAddress } from 'viem';
import { BASE_GENESIS_PATH } from '@/sandbox/base/genesis.ts';

const SEED = 'upsider-base-genesis-v1';
const address = (name: string) =>
  getAddress(`0x${createHash('sha256').update(`${SEED}:${name}`).digest('hex').slice(0, 40)}`);
const TOTAL = 993_181_006_000000n; // micro-UP: the spec's Total Supply
const up = (micro: bigint) =>
  `${micro / 1_000_000n}.${(micro % 1_000_000n).toString().padStart(6, '0')}`;

const fixed = {
  bridgeA: 300_000_000_000000n,
  bridgeB: 120_000_000_000000n,
  liquidityPool: 90_000_000_000000n,
  dead: 128_398_514_840000n,
  burnedToZero: 5_000_000_000000n,
};
const rest = TOTAL - Object.values(fixed).reduce((a, b) => a + b, 0n);
const HOLDERS = 320;
// A long tail: holder i gets a share proportional to 1 / (i + 1)^1.1.
const weights = Array.from({ length: HOLDERS }, (_, i) => 1 / (i + 1) ** 1.1);
const sum = weights.reduce((a, b) => a + b, 0);
const holders = weights.map((w, i) => ({
  address: address(`holder-${i}`),
  micro: BigInt(Math.floor((Number(rest) * w) / sum)),
}));
const dust = rest - holders.reduce((a, h) => a + h.micro, 0n);
if (holders[0]) holders[0].micro += dust;

const genesis = {
  description: `Sandbox genesis of the local Base chain, generated from seed "${SEED}" by scripts/generate-base-genesis.ts. Amounts are whole UP with up to 6 decimals; each is minted (or burned) by a real transaction when the sandbox starts.`,
  bridge: [address('bridge-a'), address('bridge-b')],
  liquidityPool: address('liquidity-pool'),
  mints: [
    { to: address('bridge-a'), up: up(fixed.bridgeA) },
    { to: address('bridge-b'), up: up(fixed.bridgeB) },
    { to: address('liquidity-pool'), up: up(fixed.liquidityPool) },
    { to: '0x000000000000000000000000000000000000dEaD', up: up(fixed.dead) },
    ...holders.map((h) => ({ to: h.address, up: up(h.micro) })),
  ],
  burns: [{ up: up(fixed.burnedToZero) }],
};
fs.writeFileSync(BASE_GENESIS_PATH, `${JSON.stringify(genesis, null, 2)}\n`);
process.stdout.write(`wrote ${BASE_GENESIS_PATH}: ${genesis.mints.length} mints, 1 burn\n`);
