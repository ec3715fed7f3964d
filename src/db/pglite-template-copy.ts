import fs from 'node:fs';

/**
 * Starts a data folder's cluster (`clusterDir`) from `template` (a migrated cluster,
 * pglite-template.ts) when it has none yet: copied into a temporary folder and renamed, so an
 * interrupted copy leaves no half cluster behind. Called with the data folder locked (client.ts).
 * False when there was a cluster already, or no template.
 */
export function copyPgliteTemplate(template: string | null, clusterDir: string): boolean {
  if (!template || fs.existsSync(clusterDir)) return false;
  const tmp = `${clusterDir}.copying`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.cpSync(template, tmp, { recursive: true });
  fs.renameSync(tmp, clusterDir);
  return true;
}
