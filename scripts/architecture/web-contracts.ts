import fs from 'node:fs';
import path from 'node:path';

/**
 * The web app reads our API only through shared contracts (decision 0024): every call lives in a
 * `features/<name>/api/` file that imports its response schema (or the type a typed reader
 * returns) from a `src/shared` module declaring zod schemas, and nothing casts a response body
 * or names a query's data type by hand. Checked as text, like the layer rules.
 */

/** Calls that are not to our JSON API, each with why it needs no shared contract. */
export const CONTRACT_EXCEPTIONS: Record<string, string> = {
  'web/lib/api-client.ts': 'the helpers themselves (getJson reads with the caller’s contract)',
  'web/components/layout/sandbox-service-list.tsx':
    'GET /sandbox: the simulators’ index, sandbox only',
  'web/features/holders/api/get-main-wallet-balance.ts': 'the public block explorer, not our API',
  'web/features/analytics/api/send-page-view.ts': 'fire-and-forget POST; no body is read',
  'web/features/authorize-twitter/api/external-action.ts':
    'authorize/revoke: only the error text is read',
};

export interface ContractBreach {
  file: string;
  rule: string;
}

const CALL = /\bfetch\(|\bapiRequest\(|\bgetJson\(|\bdefaultQueryFn\(/;
const CASTS: [RegExp, string][] = [
  [/\.json\(\)\)?\s+as\s/, 'casts a response body (parse it with its contract)'],
  [/QueryFn\([^)]*\)\)?\s+as\s/, 'casts a query result (parse it with its contract)'],
  [
    /\buse(?:Suspense)?(?:Infinite)?Query</,
    'names a query’s data type by hand (give it a queryFn)',
  ],
];
/** A query literal must say how its body is read: a queryFn, or a spread of query options. */
const QUERY_LITERAL = /\b(?:use(?:Suspense)?(?:Infinite)?Query|queryOptions)(?:<[^(]*>)?\(\{/g;
const SHARED_IMPORT = /from '@\/shared\/([\w/-]+)'/g;

function sourceFiles(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full, base);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
      ? [path.relative(base, full).split(path.sep).join('/')]
      : [];
  });
}

/** The text from `{` at `start` to its matching `}`. */
function literalAt(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

const declaresSchemas = (srcDir: string, module: string) => {
  const file = ['.ts', '.tsx'].map((ext) => path.join(srcDir, 'shared', module + ext));
  const found = file.find((f) => fs.existsSync(f));
  return found
    ? /\bz\.(object|discriminatedUnion|array|union)\(/.test(fs.readFileSync(found, 'utf8'))
    : false;
};

/** Every breach of the rule under `srcDir` (a src/ tree: web/ and shared/). */
export function findContractBreaches(srcDir: string): ContractBreach[] {
  const breaches: ContractBreach[] = [];
  for (const rel of sourceFiles(path.join(srcDir, 'web'), srcDir)) {
    const text = fs.readFileSync(path.join(srcDir, rel), 'utf8');
    const add = (rule: string) => breaches.push({ file: rel, rule });
    for (const [pattern, rule] of CASTS) if (pattern.test(text)) add(rule);
    for (const m of text.matchAll(QUERY_LITERAL)) {
      const literal = literalAt(text, m.index + m[0].length - 1);
      if (!/\bqueryFn\b|\.\.\./.test(literal)) add('has a query without a queryFn');
    }
    if (!CALL.test(text) || rel in CONTRACT_EXCEPTIONS) continue;
    if (!/^web\/features\/[\w-]+\/api\//.test(rel)) {
      add('calls the API outside a features/<name>/api/ file');
      continue;
    }
    const modules = [...text.matchAll(SHARED_IMPORT)].map((m) => m[1] ?? '');
    if (!modules.some((m) => declaresSchemas(srcDir, m)))
      add('imports no response contract from src/shared');
  }
  return breaches;
}
