import { randomInt } from 'node:crypto';

/**
 * Chaos in tests (random delays, random kills, random crashes of a child) is drawn from one
 * seed per run, so a failure can be replayed: the run prints `TEST_SEED=…` once (globalSetup,
 * below) and `TEST_SEED=<that> npx vitest run …` draws the same numbers again. Child processes
 * inherit the variable. Each caller names its own stream, so one file's draws never shift
 * another's.
 */
export function seededRandom(stream: string): () => number {
  return mulberry32(hash(`${testSeed()}:${stream}`));
}

export function testSeed(): number {
  const given = Number(process.env.TEST_SEED);
  if (Number.isInteger(given) && given >= 0) return given;
  // Outside a vitest run (a child started by hand): a seed of its own, kept for the process.
  const seed = randomInt(2 ** 31);
  process.env.TEST_SEED = String(seed);
  return seed;
}

/** vitest globalSetup: picks the run's seed (unless TEST_SEED is set) and prints it once. */
export default function setup() {
  if (process.env.UPSIDER_TEST_SEED_PRINTED) return;
  process.env.UPSIDER_TEST_SEED_PRINTED = '1';
  const given = process.env.TEST_SEED !== undefined;
  console.info(`TEST_SEED=${testSeed()}${given ? ' (given)' : ' (set it to replay this run)'}`);
}

/** A small, well-mixed 32-bit generator: plenty for test chaos, not for anything secret. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a stream name and the seed to a 32-bit start. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
