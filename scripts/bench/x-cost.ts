// Bench section: what 1,000 typical commands cost on X at its published prices
// (src/integrations/x/pricing.ts). Runs a sample of commands (BENCH_X_COST_COMMANDS, default
// 60: balance, address and send in 3:1:1) through the whole product against the local X, which
// bills every call as X does (reads once per UTC day each), then scales to 1,000. The product's
// own meter (x_spend) is printed beside the local X's bill: the two should agree.
import { xSpend } from '@/db/schema/index.ts';
import { formatMicroUsd } from '@/integrations/x/pricing.ts';
import { startAgentEnv } from '../../tests/support/agent-env.ts';
import type { BenchSection } from './types.ts';

const MIX = ['balance', 'balance', 'balance', "what's my address", 'send 1 UP to @costbob,'];
/** A word that keeps each post's text unique (X refuses duplicate content) and parses. */
const word = (n: number) =>
  String.fromCharCode(97 + (n % 26)) + String.fromCharCode(97 + (Math.floor(n / 26) % 26));
const USERS = 4;

interface Bill {
  operations: Record<string, { units: number; microUsd: string }>;
  totalMicroUsd: string;
}

export async function benchXCost(): Promise<void> {
  const commands = Number(process.env.BENCH_X_COST_COMMANDS ?? 60);
  const env = await startAgentEnv({
    env: { AGENT_CONFIRM_ABOVE_UP: '1000000', AGENT_X_POSTS_PER_15_MIN: '100000' },
    xLimits: { tweetCreate: 100_000, tweetCreateThreeHours: 100_000, mentions: 100_000 },
  });
  try {
    await env.user('costbob');
    const users: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const name = `costuser${i}`;
      await env.user(name);
      await env.fund(await env.walletAddressOf(name), 'UP', '10000');
      users.push(name);
    }
    const bill = async () =>
      (await env.call('GET', '/sandbox/x/_admin/credits')).body.today as Bill;
    const before = await bill();
    const meteredBefore = await metered(env);
    for (let i = 0; i < commands; i++) {
      await env.post(users[i % USERS]!, `@UpsiderAgent ${MIX[i % MIX.length]} ${word(i)}`);
      if (i % 10 === 9) await env.drain(2);
    }
    await env.drain(4);
    const after = await bill();
    const spent = BigInt(after.totalMicroUsd) - BigInt(before.totalMicroUsd);
    const meter = (await metered(env)) - meteredBefore;
    const perThousand = (spent * 1000n) / BigInt(commands);
    console.info(`  ${commands} commands (balance:address:send 3:1:1) billed by the local X`);
    for (const [op, v] of Object.entries(after.operations)) {
      const was = before.operations[op] ?? { units: 0, microUsd: '0' };
      const units = v.units - was.units;
      if (units === 0) continue;
      const cost = BigInt(v.microUsd) - BigInt(was.microUsd);
      console.info(`    ${op.padEnd(20)} ${String(units).padStart(5)} × → ${formatMicroUsd(cost)}`);
    }
    console.info(
      `  total ${formatMicroUsd(spent)}; the product's meter says ${formatMicroUsd(meter)}`,
    );
    console.info(`  X cost of 1,000 typical commands: ${formatMicroUsd(perThousand)}`);
    for (const [purpose, v] of await perPurpose(env)) {
      const each = v.units > 0 ? formatMicroUsd(v.micro / BigInt(v.units)) : '-';
      console.info(`    meter: ${purpose.padEnd(22)} ${String(v.units).padStart(5)} × ${each}`);
    }
    const op = (b: Bill) => b.operations.postCreateWithUrl ?? { units: 0, microUsd: '0' };
    const replies = op(after).units - op(before).units;
    const withUrls = BigInt(op(after).microUsd) - BigInt(op(before).microUsd);
    if (replies > 0) {
      // If X prices a summoned reply with a link at $0.01 ("summoned replies remain $0.01").
      const cheaper = spent - withUrls + BigInt(replies) * 10_000n;
      console.info(
        `  (${formatMicroUsd((cheaper * 1000n) / BigInt(commands))} per 1,000 if a summoned reply with its receipt link is billed $0.01, not $0.20)`,
      );
    }
  } finally {
    await env.close();
  }
}

/** The product's meter by purpose (command answered, or mention reads), this run's whole day. */
async function perPurpose(env: Awaited<ReturnType<typeof startAgentEnv>>) {
  const by = new Map<string, { units: number; micro: bigint }>();
  for (const r of await env.database.db.select().from(xSpend)) {
    const v = by.get(r.purpose) ?? { units: 0, micro: 0n };
    by.set(r.purpose, { units: v.units + r.units, micro: v.micro + r.microUsd });
  }
  return [...by].sort(([a], [b]) => a.localeCompare(b));
}

async function metered(env: Awaited<ReturnType<typeof startAgentEnv>>) {
  const rows = await env.database.db.select().from(xSpend);
  return rows.reduce((sum, r) => sum + r.microUsd, 0n);
}

export const xCostBench: BenchSection = { title: 'X cost of commands', run: benchXCost };
