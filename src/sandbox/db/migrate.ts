import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '@/db/client.ts';
import { projectRoot } from '@/db/project-root.ts';

const folder = path.join(projectRoot(), 'drizzle-sandbox');

/** Creates or updates the sandbox's tables (schema `sandbox`) in the product's database. */
export async function migrateSandbox(database: Pick<Database, 'applyMigrations'>) {
  // No simulator has declared a table yet.
  if (!fs.existsSync(path.join(folder, 'meta/_journal.json'))) return;
  await database.applyMigrations({ folder, table: '__drizzle_sandbox_migrations' });
}
