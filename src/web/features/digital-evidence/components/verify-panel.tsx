import { useState } from 'react';
import type { EvidenceDetail } from '@/shared/evidence/contract';
import type { VerifyStep } from '@/shared/evidence/verify-evidence';
import { Button } from '@/web/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/web/components/ui/card';
import { verifyArchivedEvidence } from '@/web/features/digital-evidence/api/verify-archived-evidence';
import { UnsignedTags, VerifiedRecord } from './verified-record';

/**
 * Re-checks the evidence in the browser, step by step: content hash, the signed submission that
 * ties it to the fingerprint, Merkle proof, batch signature (against the keys the site publishes).
 */
export function VerifyPanel({ evidence }: { evidence: EvidenceDetail }) {
  const [steps, setSteps] = useState<VerifyStep[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verify = async () => {
    setBusy(true);
    setError(null);
    try {
      setSteps(await verifyArchivedEvidence(evidence));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Verification failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="flex flex-col gap-3" data-testid="verify-panel">
      <CardTitle as="h2">Verify</CardTitle>
      <CardDescription>
        Recompute the hashes in your browser and check the proof yourself, or keep a signed-off
        certificate: the PDF carries both hashes, the batch proof and a QR code back here.
      </CardDescription>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void verify()}>
          {busy ? 'Verifying...' : 'Verify'}
        </Button>
        <Button variant="outline" size="sm" asChild>
          <a
            href={`/api/digital-evidence/${encodeURIComponent(evidence.tweetId)}/certificate`}
            download
          >
            Download certificate (PDF)
          </a>
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-red-400">
          {error}
        </p>
      )}
      {steps && <VerifiedRecord evidence={evidence} />}
      {steps && (
        <UnsignedTags submission={evidence.submission} label="Unverified tags beside the checks" />
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
