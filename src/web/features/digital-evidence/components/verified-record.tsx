import { type RecordField, recordSummary, unsignedTags } from '@/shared/evidence/record-summary';
import type { EvidenceToVerify } from '@/shared/evidence/verify-evidence';

function Rows({ fields, testId }: { fields: RecordField[]; testId: string }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm" data-testid={testId}>
      {fields.map((f) => (
        <div key={f.label} className="contents">
          <dt className="text-slate-400">{f.label}</dt>
          <dd className="wrap-anywhere whitespace-pre-wrap text-slate-100">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The record the checks are about, from the record the content hash covers (record-summary.ts). */
export function VerifiedRecord({ evidence }: { evidence: EvidenceToVerify }) {
  return (
    <section className="flex flex-col gap-1" aria-label="The record these checks verify">
      <h3 className="text-sm font-semibold text-slate-200">The record these checks verify</h3>
      <Rows fields={recordSummary(evidence)} testId="verified-record" />
    </section>
  );
}

/**
 * The submission's tags, which no signature covers: set apart and marked unverified, so an edited
 * tag never reads as part of what passed. Shown twice on the detail page (the record, the checks):
 * each region needs its own `label`, or a screen reader lists two landmarks it cannot tell apart.
 */
export function UnsignedTags({
  submission,
  label = 'Unverified tags',
}: {
  submission: unknown;
  label?: string;
}) {
  const tags = unsignedTags(submission);
  if (tags.length === 0) return null;
  return (
    <section
      className="flex flex-col gap-1 rounded border border-amber-500/40 p-3"
      aria-label={label}
    >
      <h3 className="text-sm font-semibold text-amber-300">
        Tags — unverified: no signature covers them
      </h3>
      <Rows fields={tags} testId="unsigned-tags" />
    </section>
  );
}
