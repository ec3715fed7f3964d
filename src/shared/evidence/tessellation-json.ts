/**
 * The JSON text tessellation hashes a snapshot from (decision 0066): circe's printer with sorted
 * keys, no whitespace and null fields dropped (Constellation-Labs/tessellation@098dbbe
 * `JsonSerializer.forSync`: `Printer(dropNullValues = true, indent = "", sortKeys = true)`).
 *
 * Built from the node's own answer text, never from `JSON.parse`: balances and amounts are
 * 64-bit and would lose digits as JavaScript numbers, so numbers and strings are kept as the
 * exact tokens the node printed (circe prints both the same way when it answers and when it
 * hashes); only object keys are reordered and null fields left out.
 */
export function tessellationJsonText(text: string, at: readonly string[] = []): string {
  const reader = new Reader(text);
  let node = reader.value();
  reader.end();
  for (const key of at) {
    const found = node.kind === 'object' ? node.fields.find((f) => f.key === key) : undefined;
    if (!found) throw new SyntaxError(`no field ${key}`);
    node = found.value;
  }
  return print(node);
}

type Node =
  | { kind: 'token'; raw: string }
  | { kind: 'array'; items: Node[] }
  | { kind: 'object'; fields: { key: string; raw: string; value: Node }[] };

function print(node: Node): string {
  if (node.kind === 'token') return node.raw;
  if (node.kind === 'array') return `[${node.items.map(print).join(',')}]`;
  const fields = node.fields
    .filter((f) => !(f.value.kind === 'token' && f.value.raw === 'null'))
    // circe sorts by Scala's String ordering: UTF-16 code units, as JavaScript's < does.
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return `{${fields.map((f) => `${f.raw}:${print(f.value)}`).join(',')}}`;
}

const WHITESPACE = /[ \t\n\r]*/y;
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON forbids raw control characters in strings (RFC 8259 §7).
const STRING = /"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  value(): Node {
    this.skip();
    const c = this.text[this.at];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    const raw = this.match(c === '"' ? STRING : c === '-' || /\d/.test(c ?? '') ? NUMBER : LITERAL);
    return { kind: 'token', raw };
  }

  end() {
    this.skip();
    if (this.at !== this.text.length) throw new SyntaxError(`unexpected text at ${this.at}`);
  }

  private object(): Node {
    this.at++;
    const fields: { key: string; raw: string; value: Node }[] = [];
    if (this.peek() === '}') return this.close({ kind: 'object', fields });
    for (;;) {
      this.skip();
      const raw = this.match(STRING);
      if (this.peek() !== ':') throw new SyntaxError(`expected : at ${this.at}`);
      this.at++;
      fields.push({ key: JSON.parse(raw) as string, raw, value: this.value() });
      if (this.peek() === '}') return this.close({ kind: 'object', fields });
      this.expectComma();
    }
  }

  private array(): Node {
    this.at++;
    const items: Node[] = [];
    if (this.peek() === ']') return this.close({ kind: 'array', items });
    for (;;) {
      items.push(this.value());
      if (this.peek() === ']') return this.close({ kind: 'array', items });
      this.expectComma();
    }
  }

  private close(node: Node): Node {
    this.at++;
    return node;
  }

  private expectComma() {
    if (this.peek() !== ',') throw new SyntaxError(`expected , at ${this.at}`);
    this.at++;
  }

  private peek() {
    this.skip();
    return this.text[this.at];
  }

  private skip() {
    WHITESPACE.lastIndex = this.at;
    WHITESPACE.exec(this.text);
    this.at = WHITESPACE.lastIndex;
  }

  private match(pattern: RegExp): string {
    pattern.lastIndex = this.at;
    const found = pattern.exec(this.text);
    if (!found) throw new SyntaxError(`unexpected JSON at ${this.at}`);
    this.at = pattern.lastIndex;
    return found[0];
  }
}
