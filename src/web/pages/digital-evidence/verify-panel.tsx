import { useState } from 'react';
import { z } from 'zod';
import { canonicalJson } from '@/shared/evidence/canonical-json';
import { verifyMerkleProof } from '@/shared/evidence/merkle';
import { verifyValue } from '@/shared/evidence/signature';
import { Button } from '@/web/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/web/components/ui/card';
import type { EvidenceDetail } from '@/web/features/evidence/api/evidence-schemas';

const proofResponseSchema = z.object({
  proof: z
    .object({
      batchId: z.string(),
      batchRoot: z.string(),
      signature: z.string(),
      proofPath: z.array(z.string()),
      proofIndices: z.array(z.number().int()),
      treeHeight: z.number().int(),
    })
    .nullable(),
  batchPublicKey: z.string().nullable().optional(),
});

interface Step {
  label: string;
  ok: boolean | null;
  detail: string;
}

/** SHA-256 with the browser's own WebCrypto, so the check does not trust our server's hashing. */
async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function runChecks(e: EvidenceDetail): Promise<Step[]> {
  const recomputed = await sha256Hex(canonicalJson(e.record));
  const steps: Step[] = [
    {
      label: 'Content hash matches the archived record',
      ok: recomputed === e.contentHash,
      detail: `Recomputed ${recomputed}`,
    },
  ];
  const res = await fetch(`/api/digital-evidence/${encodeURIComponent(e.tweetId)}/proof`);
  if (!res.ok) {
    steps.push({
      label: 'Merkle proof',
      ok: null,
      detail: 'The Digital Evidence API did not answer; try again later.',
    });
    return steps;
  }
  const { proof, batchPublicKey } = proofResponseSchema.parse(await res.json());
  if (!proof) {
    steps.push({
      label: 'Merkle proof',
      ok: null,
      detail: 'Not yet included in a batch; check again in a few minutes.',
    });
    return steps;
  }
  steps.push({
    label: 'Fingerprint is in the batch Merkle tree',
    ok: verifyMerkleProof(e.fingerprintHash, proof, proof.batchRoot),
    detail: `Batch ${proof.batchId}, root ${proof.batchRoot}`,
  });
  if (batchPublicKey) {
    const signed = verifyValue(
      { batchId: proof.batchId, batchRoot: proof.batchRoot },
      { id: batchPublicKey, signature: proof.signature },
    );
    steps.push({
      label: 'Batch root is signed by the network key',
      ok: signed,
      detail: `Key ${batchPublicKey.slice(0, 16)}…`,
    });
  }
  return steps;
}

/** Re-checks the evidence in the browser, step by step (content hash, Merkle proof, batch signature). */
export function VerifyPanel({ evidence }: { evidence: EvidenceDetail }) {
  const [steps, setSteps] = useState<Step[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verify = async () => {
    setBusy(true);
    setError(null);
    try {
      setSteps(await runChecks(evidence));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Verification failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="flex flex-col gap-3" data-testid="verify-panel">
      <CardTitle>Verify</CardTitle>
      <CardDescription>
        Recompute the hashes in your browser and check the proof yourself.
      </CardDescription>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        disabled={busy}
        onClick={() => void verify()}
      >
        {busy ? 'Verifying...' : 'Verify'}
      </Button>
      {error && (
        <p role="alert" className="text-red-400">
          {error}
        </p>
      )}
      {steps && (
        <ol className="flex flex-col gap-2">
          {steps.map((s) => (
            <li key={s.label} className="wrap-anywhere text-sm" data-testid="verify-step">
              <span
                className={
                  s.ok === true
                    ? 'text-emerald-400'
                    : s.ok === false
                      ? 'text-red-400'
                      : 'text-amber-400'
                }
              >
                {s.ok === true ? '✓ Passed' : s.ok === false ? '✗ Failed' : '… Pending'}
              </span>{' '}
              <span className="text-slate-100">{s.label}</span>
              <br />
              <span className="font-mono text-xs text-slate-400">{s.detail}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
