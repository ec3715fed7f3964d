import {
  EVIDENCE_KEYS_PATH,
  evidenceKeysSchema,
  type TrustedKeys,
} from '@/shared/evidence/evidence-keys.ts';

/** The variable that pins the keys for every run: a file holding the server's keys answer. */
export const KEYS_ENV = 'EVIDENCE_VERIFY_KEYS';

/**
 * The keys the verifier trusts, from its own configuration: a pinned file (`--keys`, else
 * $EVIDENCE_VERIFY_KEYS) holding what a server published at /api/digital-evidence/keys, or by
 * default that answer fetched now from the server the CLI is pointed at. Never from the
 * certificate or the proof being verified.
 */
export async function loadTrustedKeys(
  p: { file: string | undefined; fileFrom: string; server: string },
  deps: {
    fetch(url: string): Promise<Response>;
    readFile(path: string): Promise<Uint8Array>;
  },
): Promise<TrustedKeys | { error: string }> {
  if (p.file) {
    const text = await deps
      .readFile(p.file)
      .then((bytes) => new TextDecoder().decode(bytes))
      .catch(() => null);
    const parsed = evidenceKeysSchema.safeParse(text === null ? null : safeJson(text));
    if (!parsed.success) {
      return {
        error: `${p.fileFrom} ${p.file} is not a keys file (the JSON of ${EVIDENCE_KEYS_PATH}).`,
      };
    }
    return { ...parsed.data, source: `pinned in ${p.file}` };
  }
  const url = `${p.server}${EVIDENCE_KEYS_PATH}`;
  const res = await deps.fetch(url).catch(() => null);
  const parsed = evidenceKeysSchema.safeParse(res?.ok ? await res.json().catch(() => null) : null);
  if (!parsed.success) {
    return {
      error:
        `No trusted keys: ${url} did not answer with them. Pass --keys <file> (that address's ` +
        `answer, saved when you trusted it) or set ${KEYS_ENV}, or point --server at the archive.`,
    };
  }
  return { ...parsed.data, source: `published by ${p.server}` };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The lines that say which keys this run trusts and how to pin them. */
export function describeKeys(keys: TrustedKeys, server: string): string[] {
  const pin = keys.source.startsWith('published')
    ? [`  (pin them: save ${server}${EVIDENCE_KEYS_PATH} and pass --keys <file> or ${KEYS_ENV})`]
    : [];
  return [
    `Trusted keys, ${keys.source}:`,
    `  archive signer  ${keys.signerId ?? 'none published'}`,
    `  batch key       ${keys.batchPublicKey ?? 'none published'}`,
    ...pin,
  ];
}
