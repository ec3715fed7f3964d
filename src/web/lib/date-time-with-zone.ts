/**
 * A moment as the signed-in pages show it: "Nov 29, 2026, 7:41 AM UTC" in the reader's own zone,
 * named, so a time on a receipt or in the activity list is never read in the wrong zone.
 * Receipts and the status page add the seconds (`{ seconds: true }`): they order events a few
 * seconds apart. dateStyle/timeStyle cannot be combined with timeZoneName (Intl throws), so the
 * fields go one by one.
 */
export function dateTimeWithZone(iso: string, opts: { seconds?: boolean } = {}): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(opts.seconds ? { second: '2-digit' } : {}),
    timeZoneName: 'short',
  });
}
