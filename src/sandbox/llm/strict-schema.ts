/**
 * OpenAI structured outputs in strict mode accept only a subset of JSON Schema ("Supported
 * schemas", https://platform.openai.com/docs/guides/structured-outputs#supported-schemas):
 * every object must say `additionalProperties: false`, every property must be listed in
 * `required` (optional fields are written as a union with null), and the root must be an object.
 * The API answers a schema breaking a rule with a 400 naming the place, e.g. "In context=(),
 * 'additionalProperties' is required to be supplied and to be false." (moeru-ai/xsai#202).
 * Returns that explanation, or null when the schema is acceptable.
 */
type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const context = (path: string[]) => `In context=(${path.map((p) => `'${p}'`).join(', ')})`;

export function strictSchemaProblem(root: unknown): string | null {
  if (!isNode(root) || root.type !== 'object') {
    return (
      'schema must be a JSON Schema of \'type: "object"\', got \'type: "' +
      String(isNode(root) ? root.type : root) +
      '"\'.'
    );
  }
  return nodeProblem(root, []);
}

function nodeProblem(node: Node, path: string[]): string | null {
  const isObject =
    node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object'));
  if (isObject) {
    if (node.additionalProperties !== false)
      return `${context(path)}, 'additionalProperties' is required to be supplied and to be false.`;
    const keys = Object.keys(isNode(node.properties) ? node.properties : {});
    const required = Array.isArray(node.required) ? node.required : [];
    const missing = keys.filter((k) => !required.includes(k));
    if (missing.length)
      return `${context(path)}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]}'.`;
  }
  for (const [key, child] of children(node)) {
    const problem = nodeProblem(child, [...path, ...key]);
    if (problem) return problem;
  }
  return null;
}

function* children(node: Node): Generator<[string[], Node]> {
  if (isNode(node.properties))
    for (const [k, v] of Object.entries(node.properties))
      if (isNode(v)) yield [['properties', k], v];
  if (isNode(node.items)) yield [['items'], node.items];
  for (const list of ['anyOf', 'allOf'] as const) {
    const variants = node[list];
    if (Array.isArray(variants))
      for (const [i, v] of variants.entries()) if (isNode(v)) yield [[list, String(i)], v];
  }
  for (const defs of ['$defs', 'definitions'] as const) {
    const table = node[defs];
    if (isNode(table))
      for (const [k, v] of Object.entries(table)) if (isNode(v)) yield [[defs, k], v];
  }
}
