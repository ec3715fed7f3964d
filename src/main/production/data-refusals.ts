import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { rowsOf } from '@/db/rows-of.ts';
import { wallets } from '@/db/schema/index.ts';
import { ProductionRefusedError, type Refusal } from './refusal.ts';

/**
 * The system wallets of the sandbox genesis, whose private keys are published in this repository
 * (src/sandbox/constellation/system-keys.json; a test keeps the two equal). Product code may not
 * import the sandbox, so the addresses are repeated here.
 */
export const PUBLISHED_SANDBOX_SYSTEM_ADDRESSES = [
  'DAG0UUaqJafbfPW8teuMtjiUgnuDfoipJFyQx1fN',
  'DAG6q1pWE9cMCzr7HckdPB5G4Xova7NWsjyHDoSi',
  'DAG7tPLVahE95RkhvmCgPR2oSLLudEDhvbuNxPjn',
] as const;

/** Refuses a production start on data it must not run on (every reason at once). */
export async function assertProductionData(
  db: Db,
  config: { production: boolean; databaseUrl?: string },
) {
  if (!config.production) return;
  const refusals = await productionDataRefusals(db, {
    publishedSystemAddresses: [...PUBLISHED_SANDBOX_SYSTEM_ADDRESSES],
    where: config.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR',
  });
  if (refusals.length > 0) throw new ProductionRefusedError(refusals);
}

/**
 * What the data shows wrong for a production start (decision 0036):
 * - the database was used by the sandbox: its simulators keep their tables in schema `sandbox`
 *   (made only when they are mounted), so its existence records that a sandbox run made or
 *   touched this data — its wallets, balances and users are the twins', not the network's;
 * - a system wallet (treasury, fees, rewards) holds one of the keys published in this
 *   repository for the sandbox: anyone could spend from it.
 */
export async function productionDataRefusals(
  db: Db,
  p: { publishedSystemAddresses: string[]; where: string },
): Promise<Refusal[]> {
  const refusals: Refusal[] = [];
  const schemas = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from pg_namespace where nspname = 'sandbox'`),
  );
  if ((schemas[0]?.n ?? 0) > 0) {
    refusals.push({
      setting: p.where,
      problem: 'this database was made or used by the sandbox (its local twins’ data is in it)',
      fix: 'start production on a new data folder or database (DATA_DIR / DATABASE_URL)',
    });
  }
  const published = await db
    .select({ role: wallets.systemRole, address: wallets.dagAddress })
    .from(wallets)
    .where(
      and(isNotNull(wallets.systemRole), inArray(wallets.dagAddress, p.publishedSystemAddresses)),
    );
  for (const w of published) {
    refusals.push({
      setting: `system wallet "${w.role}"`,
      problem: `its key (${w.address}) is one of the sandbox keys published in this repository`,
      fix: 'start on a new data folder or database, so new system wallets are generated',
    });
  }
  return refusals;
}
