import { createHash } from 'node:crypto';
import {
  proofResponseSchema,
  type VerifyStep,
  verifyEvidence,
} from '../../src/shared/evidence/verify-evidence.ts';

type Fetch = (url: string) => Promise<Response>;

/**
 * `npm run evidence:verify -- <tweetId|hash> [--server URL]`: the verify panel's checks from a
 * terminal, with this machine's own SHA-256 and proof arithmetic. The record and the proof come
 * from the server's public API (the proof is the Digital Evidence API's, relayed unchanged).
 * Exit code: 0 all passed, 1 a check failed or nothing found, 2 a check could not run yet.
 */
export async function runEvidenceVerify(
  args: string[],
  deps: { fetch: Fetch; print(line: string): void; defaultServer: string },
): Promise<number> {
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
