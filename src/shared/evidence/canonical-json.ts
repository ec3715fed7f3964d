/**
 * RFC 8785 JSON Canonicalization Scheme (JCS): object keys sorted by UTF-16 code units, no
 * whitespace, numbers in ECMAScript shortest form, strings escaped as JSON.stringify does (which
 * is what RFC 8785 §3.2.2.2 prescribes). Used for signatures and content hashes, so two
 * programs that agree on the data agree on the bytes, whatever order the fields came in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('RFC 8785 has no NaN or Infinity');
      // Number→string in ECMAScript is exactly the serialization RFC 8785 requires; -0 → "0".
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        // Default sort compares UTF-16 code units, which is RFC 8785's ordering.
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
    }
    default:
      throw new TypeError(`cannot canonicalize a ${typeof value}`);
  }
}
