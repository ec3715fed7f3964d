import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { confirmedUpTotal, listActivity } from '@/core/activity/index.ts';
import { type Database, openDatabase } from '@/db/client.ts';
import { printP95Line, timeRuns } from './stats.ts';
import type { BenchSection } from './types.ts';

const ROWS = Number(process.env.BENCH_ACTIVITY_ROWS ?? 10_000);
/** Other wallets' transfers around the user's, so the index has to pick the user's out. */
const OTHER_ROWS = Number(process.env.BENCH_ACTIVITY_OTHER_ROWS ?? 200_000);
const RUNS = 60;
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'upsider_bench_activity';
const ME = '00000000-0000-4000-8000-000000000001';
const FRIEND = '00000000-0000-4000-8000-000000000002';
const STRANGER = '00000000-0000-4000-8000-000000000003';

/** Three wallets; `ROWS` transfers of the user's of every kind (one in three received), each with a leg. */
async function seed(database: Database) {
  const { db } = database;
  await db.execute(sql`insert into wallets (id, dag_address, evm_address, key_id, key_nonce,
      key_ciphertext, key_auth_tag)
    select w.id::uuid, 'DAGbench' || n, '0xbench' || n, 'k', 'n', 'c', 't'
    from (values (${ME}, 1), (${FRIEND}, 2), (${STRANGER}, 3)) as w(id, n)
    on conflict do nothing`);
  const keys = sql`case i % 5 when 0 then (1800000000000000000 + i)::text
    when 1 then 'charge:analysis:' || (1800000000000000000 + i) when 2 then 'reward:2026-' || i
    when 3 then 'post-reward:2026-11-01:' || i else (1700000000000000000 + i)::text end`;
  const insert = (count: number, from: SQL, to: SQL, offset: number) =>
    db.execute(sql`
    with t as (insert into transfers (idempotency_key, request, from_wallet_id, from_address,
        to_wallet_id, to_address, token, fee_tier, amount, fee, state, created_at)
      select ${keys}, '{}', ${from}, 'DAGbench', ${to}, 'DAGbench', 'UP', 'free',
        100000000 + i, 500000, case when i % 50 = 0 then 'rejected' else 'confirmed' end,
        now() - make_interval(secs => i * 7)
      from generate_series(${offset}::int + 1, ${offset}::int + ${count}::int) as i returning id)
    insert into transfer_transactions (transfer_id, seq, kind, token, source_address,
      destination_address, amount, parent_ordinal, parent_hash, ordinal, hash, signed, state)
    select id, 0, 'payment', 'UP', 'DAGbench', 'DAGbench', 1, 0, 'p', ${offset}::int + row_number() over (),
      md5(id::text) || md5(id::text), '{"value":{"fee":"0"}}', 'confirmed' from t`);
  await insert(Math.ceil((ROWS * 2) / 3), sql`${ME}::uuid`, sql`${FRIEND}::uuid`, 0);
  await insert(Math.floor(ROWS / 3), sql`${FRIEND}::uuid`, sql`${ME}::uuid`, ROWS);
  await insert(OTHER_ROWS, sql`${FRIEND}::uuid`, sql`${STRANGER}::uuid`, 2 * ROWS);
  await db.execute(sql`analyze transfers`);
  await db.execute(sql`analyze transfer_transactions`);
}

async function measure(label: string, database: Database) {
  const db = database.db;
  const base = { walletId: ME, limit: 25, explorerTxUrl: 'https://explorer/tx/' };
  const first = await listActivity(db, base);
  const deep = await listActivity(db, { ...base, limit: 100 });
  const cases: [string, () => Promise<unknown>][] = [
    ['first page (25)', () => listActivity(db, base)],
    ['next page, from a cursor', () => listActivity(db, { ...base, cursor: first.next! })],
    ['a page 100 rows in', () => listActivity(db, { ...base, cursor: deep.next! })],
    ['first page, kind = reward', () => listActivity(db, { ...base, kind: 'reward' })],
    ['first page, kind = move (none)', () => listActivity(db, { ...base, kind: 'move' })],
    ['confirmed UP total', () => confirmedUpTotal(db, { walletId: ME })],
  ];
  for (const [name, run] of cases) printP95Line(`${label}: ${name}`, await timeRuns(RUNS, run), 50);
}

async function postgres(): Promise<Database | null> {
  const admin = new pg.Pool({ connectionString: ADMIN_URL, max: 1 });
  try {
    await admin.query(`drop database if exists ${DB_NAME}`);
    await admin.query(`create database ${DB_NAME}`);
  } catch (err) {
    console.info(`  PostgreSQL skipped: none at ${ADMIN_URL} (${(err as Error).message})`);
    return null;
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return openDatabase({ url: url.toString() });
}

/**
 * The dashboard's history for a user with 10,000 movements among 200,000 other transfers
 * (goal p95 ≤ 50 ms, issue 43 §1; decision 0056), on PGlite (the default) and PostgreSQL,
 * through core/activity's own functions.
 */
export const activityHistoryBench: BenchSection = {
  title: `Wallet activity history at ${ROWS.toLocaleString('en-US')} rows (PGlite and PostgreSQL)`,
  async run() {
    for (const [label, open] of [
      ['PGlite', () => openDatabase({})],
      ['PostgreSQL', postgres],
    ] as const) {
      const database = await open();
      if (!database) continue;
      try {
        const t0 = performance.now();
        await seed(database);
        console.info(`  ${label}: seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
        await measure(label, database);
      } finally {
        await database.close();
      }
    }
  },
};
