import {
  type RecordField,
  recordSummary,
  unsignedTags,
} from '../../src/shared/evidence/record-summary.ts';
import type { EvidenceToVerify } from '../../src/shared/evidence/verify-evidence.ts';

const rows = (fields: RecordField[]) => {
  const width = Math.max(...fields.map((f) => f.label.length));
  // A multi-line post stays readable and cannot fake a PASS line of its own.
  return fields.map((f) => `  ${f.label.padEnd(width)}  ${f.value.replace(/\n/g, '\n  │ ')}`);
};

/**
 * Before the steps: the record they check (from the record the content hash covers), and,
 * apart from it and from the verdict, the unsigned tags marked as not verified.
 */
export function recordLines(evidence: EvidenceToVerify): string[] {
  const tags = unsignedTags(evidence.submission);
  return [
    'The record these checks verify:',
    ...rows(recordSummary(evidence)),
    ...(tags.length
      ? [
          'Tags, UNVERIFIED (no signature covers them; no check below relies on them but tweet_id):',
          ...rows(tags),
        ]
      : []),
  ];
}
