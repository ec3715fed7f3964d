import { createHash } from 'node:crypto';
import { z } from 'zod';
import { readCertificateEvidence } from '../../src/core/evidence/read-certificate.ts';
import {
  proofResponseSchema,
  type VerifyStep,
  verifyEvidence,
} from '../../src/shared/evidence/verify-evidence.ts';

type Fetch = (url: string) => Promise<Response>;

/** What a certificate's evidence.json holds (certificate-pdf.ts). */
const certificateEvidence = proofResponseSchema.extend({
  tweetId: z.string(),
  record: z.unknown(),
  contentHash: z.string(),
  fingerprintHash: z.string(),
});

/**
 * `npm run evidence:verify -- <tweetId|hash> [--server URL]`: the verify panel's checks from a
 * terminal, with this machine's own SHA-256 and proof arithmetic. The record and the proof come
 * from the server's public API (the proof is the Digital Evidence API's, relayed unchanged).
 * `--certificate <file.pdf>` checks a downloaded certificate offline, from its attachment.
 * Exit code: 0 all passed, 1 a check failed or nothing found, 2 a check could not run yet.
 */
export async function runEvidenceVerify(
  args: string[],
  deps: {
    fetch: Fetch;
    print(line: string): void;
    defaultServer: string;
    readFile(path: string): Promise<Uint8Array>;
  },
): Promise<number> {
  const certificateAt = args.indexOf('--certificate');
  if (certificateAt >= 0) return verifyCertificate(args[certificateAt + 1], deps);
  const serverAt = args.indexOf('--server');
  const server = (serverAt >= 0 ? args[serverAt + 1] : deps.defaultServer)?.replace(/\/$/, '');
  const target = args.find((a, i) => !a.startsWith('--') && (serverAt < 0 || i !== serverAt + 1));
  if (!server || !target) {
    deps.print(
      'usage: npm run evidence:verify -- <tweetId | fingerprint or content hash> [--server URL]',
    );
    return 1;
  }
  const api = `${server}/api/digital-evidence`;
  const tweetId = /^\d{1,19}$/.test(target) ? target : await tweetIdOfHash(deps.fetch, api, target);
  if (!tweetId) {
    deps.print(`No digital evidence with hash ${target} on ${server}.`);
    return 1;
  }
  const res = await deps.fetch(`${api}/${tweetId}`);
  if (!res.ok) {
    deps.print(`No digital evidence for post ${tweetId} on ${server} (${res.status}).`);
    return 1;
  }
  const evidence = (await res.json()) as Parameters<typeof verifyEvidence>[0];
  deps.print(`Post ${tweetId}: content hash ${evidence.contentHash}`);
  const steps = await verifyEvidence(evidence, {
    sha256Hex: async (text) => createHash('sha256').update(text, 'utf8').digest('hex'),
    loadProof: async (id) => {
      const proof = await deps.fetch(`${api}/${id}/proof`).catch(() => null);
      return proof?.ok ? proofResponseSchema.parse(await proof.json()) : null;
    },
  });
  return report(steps, deps);
}

async function verifyCertificate(
  file: string | undefined,
  deps: { print(line: string): void; readFile(path: string): Promise<Uint8Array> },
): Promise<number> {
  if (!file) {
    deps.print('usage: npm run evidence:verify -- --certificate <evidence-….pdf>');
    return 1;
  }
  const parsed = certificateEvidence.safeParse(
    await readCertificateEvidence(await deps.readFile(file)),
  );
  if (!parsed.success) {
    deps.print(`${file} carries no evidence.json: it is not an evidence certificate.`);
    return 1;
  }
  const evidence = parsed.data;
  deps.print(
    `Post ${evidence.tweetId} (offline, from ${file}): content hash ${evidence.contentHash}`,
  );
  return report(
    await verifyEvidence(evidence, {
      sha256Hex: async (text) => createHash('sha256').update(text, 'utf8').digest('hex'),
      loadProof: async () => ({ proof: evidence.proof, batchPublicKey: evidence.batchPublicKey }),
    }),
    deps,
  );
}

function report(steps: VerifyStep[], deps: { print(line: string): void }): number {
  for (const step of steps) deps.print(line(step));
  if (steps.some((s) => s.ok === false)) return 1;
  return steps.some((s) => s.ok === null) ? 2 : 0;
}

const line = (s: VerifyStep) =>
  `${s.ok === true ? 'PASS' : s.ok === false ? 'FAIL' : 'WAIT'}  ${s.label}\n      ${s.detail}`;

async function tweetIdOfHash(fetch: Fetch, api: string, hash: string): Promise<string | null> {
  const res = await fetch(`${api}?search=${encodeURIComponent(hash.toLowerCase())}`);
  if (!res.ok) return null;
  const { entries } = (await res.json()) as {
    entries: { tweetId: string; fingerprintHash: string; contentHash: string }[];
  };
  const hit = entries.find((e) => e.fingerprintHash === hash || e.contentHash === hash);
  return hit?.tweetId ?? null;
}
