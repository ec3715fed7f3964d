/**
 * Adds fields to a response's `Vary`, keeping those already there (a cache must key on every
 * one of them: the cached poll bodies vary by encoding, the portfolio also by cookie). Setting
 * the header instead would drop the others.
 */
export function appendVary(headers: Headers, ...fields: string[]) {
  const present = (headers.get('vary') ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (present.includes('*')) return;
  const lower = new Set(present.map((f) => f.toLowerCase()));
  for (const field of fields) {
    if (lower.has(field.toLowerCase())) continue;
    present.push(field);
    lower.add(field.toLowerCase());
  }
  headers.set('Vary', present.join(', '));
}
