import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { certificatePageStep } from '@/core/evidence/certificate-page-check.ts';
import { readCertificateEvidence } from '@/core/evidence/read-certificate.ts';
import { tessellationCodec } from '@/integrations/evidence/tessellation-codec.ts';
import { type AnchorDeps, networkAnchor } from '@/shared/evidence/anchor.ts';
import { evidenceListSchema } from '@/shared/evidence/contract.ts';
import type { TrustedKeys } from '@/shared/evidence/evidence-keys.ts';
import { recordHeadline } from '@/shared/evidence/record-summary.ts';
import {
  type ProofResponse,
  proofResponseSchema,
  type VerifyStep,
  verifyEvidence,
} from '@/shared/evidence/verify-evidence.ts';
import { printable, recordLines } from './print-record.ts';
import { describeKeys, KEYS_ENV, loadTrustedKeys } from './trusted-keys.ts';

type Fetch = (url: string) => Promise<Response>;
interface CliDeps {
  fetch: Fetch;
  print(line: string): void;
  defaultServer: string;
  readFile(path: string): Promise<Uint8Array>;
  env: Record<string, string | undefined>;
}

/** What the detail answer and a certificate's evidence.json hold (certificate-pdf.ts). */
const evidenceSchema = z.object({
  tweetId: z.string(),
  record: z.unknown(),
  contentHash: z.string(),
  fingerprintHash: z.string(),
  submission: z.unknown(),
});
const certificateSchema = evidenceSchema.extend({
  proof: proofResponseSchema.shape.proof,
  batch: proofResponseSchema.shape.batch,
});

/**
 * The ledger the anchor is read from, even offline: the certificate names, the network says.
 * `--l0` / `--metagraph` replace what the keys name (or supply it where they name none); the
 * snapshot's hash is computed here with Node's Brotli (tessellation-codec.ts).
 */
function anchorOf(keys: TrustedKeys, opts: { l0?: string; metagraph?: string }, deps: CliDeps) {
  const globalL0Url = opts.l0 ?? keys.network?.globalL0Url;
  const metagraphId = opts.metagraph ?? keys.network?.metagraphId;
  if (!globalL0Url || !metagraphId) return undefined;
  const from = (flag: string | undefined, name: string) => (flag ? ` (${name})` : '');
  deps.print(
    `Anchor: global snapshots from ${globalL0Url}${from(opts.l0, '--l0')}, ` +
      `metagraph ${metagraphId}${from(opts.metagraph, '--metagraph')}`,
  );
  const network = { ...keys.network, globalL0Url, metagraphId };
  return networkAnchor(deps.fetch, network, tessellationCodec);
}

const USAGE =
  'usage: npm run evidence:verify -- <tweetId | fingerprint or content hash> [--server URL] [--keys FILE]\n' +
  '       npm run evidence:verify -- --certificate <evidence-….pdf> [--keys FILE | --server URL]\n' +
  '       either with [--l0 GLOBAL_L0_URL] [--metagraph DIGITAL_EVIDENCE_METAGRAPH_ID]';

/**
 * `npm run evidence:verify`: the verify panel's checks from a terminal, with this machine's own
 * SHA-256 and signature arithmetic. The record, submission and proof come from the server's
 * public API, or offline from a certificate (`--certificate`); the keys they are checked against
 * come from the verifier's own configuration (trusted-keys.ts) and are printed first.
 * Exit code: 0 all passed, 1 a check failed or nothing found, 2 a check could not run yet.
 */
export async function runEvidenceVerify(args: string[], deps: CliDeps): Promise<number> {
  let opts: ReturnType<typeof readArgs>;
  try {
    opts = readArgs(args);
  } catch (err) {
    deps.print(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    return 1;
  }
  const server = (opts.values.server ?? deps.defaultServer).replace(/\/$/, '');
  const target = opts.positionals[0];
  if (!opts.values.certificate && !target) {
    deps.print(USAGE);
    return 1;
  }
  const pinned = opts.values.keys ?? deps.env[KEYS_ENV];
  const keys = await loadTrustedKeys(
    { file: pinned, fileFrom: opts.values.keys ? '--keys' : KEYS_ENV, server },
    deps,
  );
  if ('error' in keys) {
    deps.print(keys.error);
    return 1;
  }
  for (const text of describeKeys(keys, server)) deps.print(text);
  if (Boolean(opts.values.l0) !== Boolean(opts.values.metagraph) && !keys.network) {
    deps.print(`The keys name no network: pass both --l0 and --metagraph.\n${USAGE}`);
    return 1;
  }
  const anchor = anchorOf(keys, opts.values, deps);
  if (opts.values.certificate)
    return verifyCertificate(opts.values.certificate, keys, anchor, deps);
  return verifyOnline(server, target!, { keys, anchor }, deps);
}

const readArgs = (args: string[]) =>
  parseArgs({
    args,
    allowPositionals: true,
    options: {
      server: { type: 'string' },
      certificate: { type: 'string' },
      keys: { type: 'string' },
      l0: { type: 'string' },
      metagraph: { type: 'string' },
    },
  });

async function verifyOnline(
  server: string,
  target: string,
  { keys, anchor }: { keys: TrustedKeys; anchor: AnchorDeps | undefined },
  deps: CliDeps,
) {
  const api = `${server}/api/digital-evidence`;
  const tweetId = /^\d{1,19}$/.test(target) ? target : await tweetIdOfHash(deps.fetch, api, target);
  if (!tweetId) {
    deps.print(`No digital evidence with hash ${target} on ${server}.`);
    return 1;
  }
  const res = await deps.fetch(`${api}/${tweetId}`);
  const parsed = evidenceSchema.safeParse(res.ok ? await res.json() : null);
  if (!parsed.success) {
    deps.print(`No digital evidence for post ${tweetId} on ${server} (${res.status}).`);
    return 1;
  }
  deps.print(`Post ${tweetId} on ${server}: content hash ${parsed.data.contentHash}`);
  for (const text of recordLines(parsed.data)) deps.print(text);
  const loadProof = async (id: string): Promise<ProofResponse | null> => {
    const proof = await deps.fetch(`${api}/${id}/proof`).catch(() => null);
    return proof?.ok ? proofResponseSchema.parse(await proof.json()) : null;
  };
  const steps = await verifyEvidence(parsed.data, { sha256Hex, loadProof, keys, anchor });
  return report(steps, deps, recordHeadline(parsed.data));
}

async function verifyCertificate(
  file: string,
  keys: TrustedKeys,
  anchor: AnchorDeps | undefined,
  deps: CliDeps,
) {
  const bytes = await deps.readFile(file).catch(() => null);
  const raw = bytes ? await readCertificateEvidence(bytes).catch(() => null) : null;
  const parsed = certificateSchema.safeParse(raw);
  if (!parsed.success) {
    deps.print(`${file} carries no evidence.json: it is not an evidence certificate.`);
    return 1;
  }
  const evidence = parsed.data;
  deps.print(
    `Post ${evidence.tweetId} (offline, from ${file}): content hash ${evidence.contentHash}`,
  );
  for (const text of recordLines(evidence)) deps.print(text);
  const loadProof = async () => ({ proof: evidence.proof, batch: evidence.batch });
  const steps = await verifyEvidence(evidence, { sha256Hex, loadProof, keys, anchor });
  // The pages must show that record and nothing else (certificate-page-check.ts).
  steps.push(await certificatePageStep(bytes!, evidence));
  return report(steps, deps, recordHeadline(evidence));
}

const sha256Hex = async (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function report(steps: VerifyStep[], deps: { print(line: string): void }, what: string): number {
  for (const step of steps) deps.print(line(step));
  const failed = steps.some((s) => s.ok === false);
  const waiting = steps.some((s) => s.ok === null);
  deps.print(failed ? 'NOT VERIFIED' : waiting ? 'NOT YET VERIFIED' : 'VERIFIED');
  deps.print(`  (${printable(what)})`);
  if (failed) return 1;
  return waiting ? 2 : 0;
}

const line = (s: VerifyStep) =>
  `${s.ok === true ? 'PASS' : s.ok === false ? 'FAIL' : 'WAIT'}  ${s.label}\n      ${s.detail}`;

async function tweetIdOfHash(fetch: Fetch, api: string, hash: string): Promise<string | null> {
  const res = await fetch(`${api}?search=${encodeURIComponent(hash.toLowerCase())}`);
  const list = evidenceListSchema.safeParse(res.ok ? await res.json() : null);
  if (!list.success) return null;
  const wanted = hash.toLowerCase();
  const hit = list.data.entries.find(
    (e) => e.fingerprintHash === wanted || e.contentHash === wanted,
  );
  return hit?.tweetId ?? null;
}
