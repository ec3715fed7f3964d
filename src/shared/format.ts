/** Date formatting shared by the browser and the server (token amounts: units.ts). */
const LONG_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "November 22, 2026" (en-US long date); null for a missing or invalid date. */
export function formatLongDate(
  value: string | number | Date | null | undefined,
  timeZone?: string,
): string | null {
  return toDate(value)?.toLocaleDateString('en-US', { ...LONG_DATE, timeZone }) ?? null;
}

/** "November 22, 2026 at 3:04 PM" (en-US long date with hour and minute); null when invalid. */
export function formatLongDateTime(
  value: string | number | Date | null | undefined,
  timeZone?: string,
): string | null {
  return (
    toDate(value)?.toLocaleString('en-US', {
      ...LONG_DATE,
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    }) ?? null
  );
}
