import { type RecordField, recordSummary, unsignedTags } from '@/shared/evidence/record-summary.ts';
import type { EvidenceToVerify } from '@/shared/evidence/verify-evidence.ts';

/**
 * A value as the terminal should show it: a post's new lines indented under a bar, so its text
 * cannot print a PASS or VERIFIED line of its own, and other control characters (a carriage
 * return, an escape sequence) written out rather than obeyed.
 */
export const printable = (value: string) =>
  value.replace(/\p{Cc}/gu, (c) =>
    c === '\n' ? '\n  │ ' : `\\u{${c.codePointAt(0)!.toString(16)}}`,
  );

const rows = (fields: RecordField[]) => {
  const width = Math.max(...fields.map((f) => f.label.length));
  return fields.map((f) => `  ${printable(f.label).padEnd(width)}  ${printable(f.value)}`);
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
