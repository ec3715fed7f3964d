import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openDatabase } from './client.ts';
import { projectRoot } from './project-root.ts';

/**
 * A migrated PGlite cluster, made once per set of migrations, from which a new data folder is
 * copied instead of running initdb and every migration in it (decision 0069). initdb alone is
 * ~2 s of one core on a quiet machine and up to ten under load, and a first start ran it only
 * once the server bundle was built; `npm start` now makes this folder at the very start, side
 * by side with the build (scripts/start.mjs → make-pglite-template.ts), and the server copies
 * it (openDatabase's `template`). Made by openDatabase itself, so it is exactly what a new data
 * folder would hold; keyed by every migration and the PGlite version, so a changed migration
 * set never uses an old one (and openDatabase's migrator still runs after the copy).
 */
export function pgliteTemplateKey(migrationsFolder = path.join(projectRoot(), 'drizzle')): string {
  const hash = createHash('sha256').update(pgliteVersion());
  const files = fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(`\0${file}\0`).update(fs.readFileSync(full));
  }
  return hash.digest('base64url').slice(0, 32);
}

/** From its package.json, found from its entry (the package exports no `./package.json`). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return String(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version);
}

/** Where the template for `key` lives: a build product, next to the other start-up caches. */
export function pgliteTemplateDir(key = pgliteTemplateKey()): string {
  return path.join(projectRoot(), 'dist/cache', `pglite-template-${key}`);
}

/** The template folder when it is there for `key` (made whole: it is renamed into place). */
export function existingPgliteTemplate(key = pgliteTemplateKey()): string | null {
  const dir = pgliteTemplateDir(key);
  return fs.existsSync(path.join(dir, 'PG_VERSION')) ? dir : null;
}

/**
 * Makes the template for the current migrations unless it exists: a new data folder opened
 * (initdb + migrations) and closed, its cluster renamed into place whole. Returns its folder.
 */
export async function makePgliteTemplate(key = pgliteTemplateKey()): Promise<string> {
  const done = existingPgliteTemplate(key);
  if (done) return done;
  const target = pgliteTemplateDir(key);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const work = fs.mkdtempSync(`${target}.making-`);
  try {
    const database = await openDatabase({ dataDir: work });
    await database.close();
    try {
      fs.renameSync(path.join(work, 'pglite'), target);
    } catch (err) {
      // Another start made it meanwhile: theirs is as good.
      if (!existingPgliteTemplate(key)) throw err;
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return target;
}
