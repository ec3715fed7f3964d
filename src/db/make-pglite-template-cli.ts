// Run by `npm start` (scripts/start.mjs) at its very start when the data folder has no database
// yet: makes the migrated PGlite template (pglite-template.ts) while the build runs, in a
// process of its own, so initdb no longer waits for the server bundle (decision 0069).
import { makePgliteTemplate } from './pglite-template.ts';

// Nobody else's to read, as the data folder it is copied into (secure-data-dir.ts).
process.umask(0o077);
await makePgliteTemplate();
