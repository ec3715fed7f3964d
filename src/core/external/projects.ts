import { createHash, randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { externalProjects } from '@/db/schema/index.ts';
import type { CoreDeps } from '../deps.ts';

type Deps = Pick<CoreDeps, 'db'>;
export type ExternalProject = typeof externalProjects.$inferSelect;

const KEY_PREFIX = 'upx_';
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Registers a project. The API key is returned once; only its hash and first characters are kept. */
export async function createProject(deps: Deps, p: { name: string; dailyCap: number }) {
  const name = p.name.trim();
  if (!name || name.length > 100) throw new Error('A project name is 1-100 characters');
  if (!Number.isInteger(p.dailyCap) || p.dailyCap < 1 || p.dailyCap > 10_000) {
    throw new Error('The daily cap is a whole number from 1 to 10000');
  }
  const apiKey = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [project] = await deps.db
    .insert(externalProjects)
    .values({
      id: `prj_${randomBytes(6).toString('hex')}`,
      name,
      keyHash: hashApiKey(apiKey),
      keyPrefix: apiKey.slice(0, KEY_PREFIX.length + 6),
      dailyCap: p.dailyCap,
    })
    .returning();
  return { project: project!, apiKey };
}

export function listProjects(deps: Deps) {
  return deps.db.select().from(externalProjects).orderBy(asc(externalProjects.createdAt));
}

export async function setProjectDisabled(deps: Deps, p: { id: string; disabled: boolean }) {
  const [row] = await deps.db
    .update(externalProjects)
    .set({ disabled: p.disabled })
    .where(eq(externalProjects.id, p.id))
    .returning();
  return row ?? null;
}

/** The project behind a bearer key (disabled ones included: the caller decides). */
export async function findProjectByKey(deps: Deps, apiKey: string) {
  if (!apiKey.startsWith(KEY_PREFIX)) return null;
  const [row] = await deps.db
    .select()
    .from(externalProjects)
    .where(eq(externalProjects.keyHash, hashApiKey(apiKey)));
  return row ?? null;
}

/** What a signed-in user may see of a project when choosing whom to allow. */
export const toPublicProject = (p: ExternalProject) => ({
  id: p.id,
  name: p.name,
  dailyCap: p.dailyCap,
});
