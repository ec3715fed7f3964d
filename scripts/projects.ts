// `npm run projects -- <command>`: manage the outside projects that may post for users who allow
// them. With the embedded database (no DATABASE_URL), stop the server first: PGlite allows one
// process at a time.
import { parseArgs } from 'node:util';
import { createProject, listProjects, setProjectDisabled } from '@/core/external/projects.ts';
import { openDatabase } from '@/db/client.ts';
import { loadConfigOrExit } from '@/main/config.ts';

const USAGE = `Usage:
  npm run projects -- add "<name>" --daily-cap 50   register a project; prints its API key once
  npm run projects -- list                          list projects (id, name, cap, key prefix, state)
  npm run projects -- disable <id>                  stop a project from posting
  npm run projects -- enable <id>                   allow it again`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'daily-cap': { type: 'string', default: '50' }, help: { type: 'boolean' } },
});
const [command, arg] = positionals;
if (values.help || !command) {
  console.info(USAGE);
  process.exit(command ? 0 : 1);
}

const config = loadConfigOrExit();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const deps = { db: database.db };

try {
  if (command === 'add' && arg) {
    const { project, apiKey } = await createProject(deps, {
      name: arg,
      dailyCap: Number(values['daily-cap']),
    });
    console.info(`Added ${project.id} "${project.name}" (daily cap ${project.dailyCap} per user)`);
    console.info(`API key (shown once, store it now): ${apiKey}`);
  } else if (command === 'list') {
    const rows = await listProjects(deps);
    if (rows.length === 0) console.info('No projects yet.');
    for (const p of rows) {
      const state = p.disabled ? 'disabled' : 'enabled';
      console.info(`${p.id}  ${p.name}  cap ${p.dailyCap}/day  key ${p.keyPrefix}…  ${state}`);
    }
  } else if ((command === 'disable' || command === 'enable') && arg) {
    const row = await setProjectDisabled(deps, { id: arg, disabled: command === 'disable' });
    if (!row) {
      console.error(`No project with id ${arg}`);
      process.exitCode = 1;
    } else console.info(`${row.id} "${row.name}" is now ${row.disabled ? 'disabled' : 'enabled'}`);
  } else {
    console.error(USAGE);
    process.exitCode = 1;
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
