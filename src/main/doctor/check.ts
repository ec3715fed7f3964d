/** One read-only call to one configured service, and what to do when it fails. */
export interface DoctorCheck {
  service: string;
  url: string;
  check: string;
  fix: string;
  /** Resolves with what was seen; throws what went wrong; SkippedCheck when it cannot run here. */
  run(): Promise<string>;
}

/** A check that cannot run from this process (not a failure of the service). */
export class SkippedCheck extends Error {
  override name = 'SkippedCheck';
}

export interface DoctorRow {
  service: string;
  url: string;
  check: string;
  /** true: passed; false: failed; null: skipped. */
  ok: boolean | null;
  result: string;
  fix: string;
}

/** Runs every check at once, each bounded by `timeoutMs`: a dead service never hangs the table. */
export async function runChecks(checks: DoctorCheck[], timeoutMs = 15_000): Promise<DoctorRow[]> {
  return Promise.all(
    checks.map(async (c): Promise<DoctorRow> => {
      const row = { service: c.service, url: c.url, check: c.check };
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer in ${timeoutMs / 1000} s`)),
          timeoutMs,
        );
      });
      try {
        const result = await Promise.race([c.run(), timeout]);
        return { ...row, ok: true, result, fix: '' };
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (err instanceof SkippedCheck) return { ...row, ok: null, result: message, fix: '' };
        return { ...row, ok: false, result: message.split('\n')[0]!.slice(0, 160), fix: c.fix };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
}

/** The table `npm run doctor` prints: one block per check, its result and, on failure, the fix. */
export function formatRows(rows: DoctorRow[]): string {
  const mark = (ok: boolean | null) => (ok === true ? 'ok  ' : ok === false ? 'FAIL' : 'skip');
  const width = Math.max(...rows.map((r) => r.service.length));
  return rows
    .map((r) => {
      const head = `${mark(r.ok)}  ${r.service.padEnd(width)}  ${r.check}  (${r.url})`;
      const lines = [head, `      ${' '.repeat(width)}  → ${r.result}`];
      if (r.ok === false) lines.push(`      ${' '.repeat(width)}  fix: ${r.fix}`);
      return lines.join('\n');
    })
    .join('\n');
}
