/**
 * How the local LLM answers: it fills the JSON schema it was asked for with values taken from the
 * data in the last user message (a JSON object, or `key: value` lines), never from nowhere. Text
 * fields say plainly that no writer knows them (never the prompt read back: dedicated writers,
 * position-analysis.ts and token-analysis.ts, write prose); number fields reuse a same-named
 * number from the data, else one derived from a price-like field, kept inside the schema's bounds.
 */
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: Json[];
  minimum?: number;
  maximum?: number;
  anyOf?: Schema[];
  maxLength?: number;
}

export function extractFacts(text: string): Record<string, Json> {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start >= 0 && end > start) {
    try {
      const parsed = JSON.parse(text.slice(start, end + 1)) as Json;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return flatten(parsed);
    } catch {
      // not JSON: fall through to key: value lines
    }
  }
  const facts: Record<string, Json> = {};
  for (const line of text.split('\n')) {
    const m = /^\s*([A-Za-z_][\w ]{0,40}):\s*(.+)$/.exec(line);
    if (m) facts[m[1]!.trim()] = Number.isFinite(Number(m[2])) ? Number(m[2]) : m[2]!.trim();
  }
  return facts;
}

function flatten(obj: { [k: string]: Json }, prefix = ''): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === 'object' && !Array.isArray(v))
      Object.assign(out, flatten(v, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = v;
  }
  return out;
}

const human = (key: string) =>
  key
    .replace(/[._]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

function priceLike(facts: Record<string, Json>): number | null {
  for (const [k, v] of Object.entries(facts)) {
    if (typeof v === 'number' && /price|probability/i.test(k) && v >= 0 && v <= 1) return v;
  }
  return null;
}

/**
 * A text field no writer of the local model knows: said plainly, never the prompt read back
 * (the data it was given may hold ids and untrusted text; an echo reads as junk on a page).
 */
function textFor(field: string, facts: Record<string, Json>, maxLength?: number) {
  const n = Object.keys(facts).length;
  const text =
    n > 0
      ? `The local sandbox model has no writer for ${human(field)}; it was given ${n} figure${n === 1 ? '' : 's'} and does not repeat them.`
      : `No data was provided for ${human(field)}.`;
  return maxLength ? text.slice(0, maxLength) : text;
}

function numberFor(field: string, s: Schema, facts: Record<string, Json>) {
  const same = Object.entries(facts).find(
    ([k, v]) => k.split('.').pop() === field && typeof v === 'number',
  );
  const base = priceLike(facts);
  let n = same
    ? (same[1] as number)
    : base !== null
      ? /edge/i.test(field)
        ? 0.05
        : Math.min(1, base + 0.05)
      : 0.5;
  if (s.minimum !== undefined) n = Math.max(s.minimum, n);
  if (s.maximum !== undefined) n = Math.min(s.maximum, n);
  return Math.round(n * 1000) / 1000;
}

export function fillSchema(schema: Schema, facts: Record<string, Json>, field = 'answer'): Json {
  if (schema.enum?.length) return schema.enum[0]!;
  const variant = schema.anyOf?.find((v) => v.type !== 'null') ?? schema;
  const type = Array.isArray(variant.type) ? variant.type.find((t) => t !== 'null') : variant.type;
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(variant.properties ?? {}))
        out[k] = fillSchema(v, facts, k);
      return out;
    }
    case 'array':
      return variant.items ? [fillSchema(variant.items, facts, field)] : [];
    case 'number':
    case 'integer':
      return numberFor(field, variant, facts);
    case 'boolean':
      return true;
    default:
      return textFor(field, facts, variant.maxLength);
  }
}
