import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT_EXCEPTIONS } from '../../scripts/architecture/web-contracts.ts';

/*
 * How the web app reads data (issue 44 §2, decision 0061): each `features/<name>/api/` file owns
 * its query keys and exports `…QueryOptions` with the hook built on them; everything else (a
 * purchase refetching the lists it changed, a reply added to the console history) reaches a
 * query through those options, never a hand-typed URL key, which silently stops matching when
 * the real key changes. Pages compose; their sections live in `features/<page>/components`.
 */

const WEB = path.resolve(import.meta.dirname, '../../src/web');
const API_FILE = /^features\/[\w-]+\/api\//;
/** The query client's calls that name a query by its key. */
const CLIENT_CALL =
  /\.(?:(?:invalidate|refetch|remove|reset|cancel)Queries|(?:prefetch|fetch)(?:Infinite)?Query|(?:ensure|set|get)QueryData|(?:set|get)QueriesData)\b/g;
/** …called with a literal array (`[KEY]`, `{ queryKey: ['/api/x'] }`), type arguments or not. */
const LITERAL_KEY_ARG = /^\s*(?:<[^(]*>)?\(\s*(?:\{\s*queryKey:\s*)?\[/;

function sourceFiles(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full, base);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
      ? [path.relative(base, full).split(path.sep).join('/')]
      : [];
  });
}

/** Every breach under `webDir` (a src/web tree), as "file: rule". */
function findDataBreaches(webDir: string): string[] {
  const breaches: string[] = [];
  for (const rel of sourceFiles(webDir)) {
    const text = fs.readFileSync(path.join(webDir, rel), 'utf8');
    const add = (rule: string) => breaches.push(`${rel}: ${rule}`);
    const inApi = API_FILE.test(rel);
    if (!inApi && /\bqueryKey:\s*\[/.test(text)) add('writes a query key outside features/*/api');
    for (const m of text.matchAll(CLIENT_CALL)) {
      const args = text.slice(m.index + m[0].length, m.index + m[0].length + 120);
      if (LITERAL_KEY_ARG.test(args)) {
        add('reaches a query by a hand-typed key (use its …QueryOptions)');
      }
    }
    const ownFetch = rel.startsWith('lib/') || inApi || `web/${rel}` in CONTRACT_EXCEPTIONS;
    if (!ownFetch && /\bfetch\(/.test(text)) add('calls fetch outside lib/ and features/*/api');
    if (inApi) {
      for (const m of text.matchAll(/\buse(?:Suspense)?(?:Infinite)?Query\(\s*(\{\s*\.\.\.)?/g)) {
        const rest = text.slice(m.index + m[0].length);
        if (!/^\w+QueryOptions\(/.test(rest)) add('has a hook not built on its …QueryOptions');
      }
      if (/^(?!\s*export\b).*\b(?:infiniteQueryOptions|queryOptions)\(\{/m.test(text)) {
        const exported = /export (?:const|function) \w+QueryOptions\b/.test(text);
        if (!exported) add('builds query options it does not export as …QueryOptions');
      }
    }
    if (rel.startsWith('pages/') && !/-page\.tsx$/.test(rel)) {
      add('is a page section (move it to features/<page>/components)');
    }
  }
  return breaches.sort();
}

/** A throwaway src/web tree: { 'features/a/api/get-a.ts': "…" }. */
function tree(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-data-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('web data on src/web', () => {
  it('keeps keys, fetches and sections where they belong', () => {
    expect(findDataBreaches(WEB)).toEqual([]);
  });
});

describe('the check bites', () => {
  const api =
    'export const aQueryOptions = () =>\n  queryOptions({ queryKey: [A], queryFn: () => getJson(A, s) });\n' +
    'export function useA() {\n  return useQuery(aQueryOptions());\n}\n' +
    'export const useB = (on: boolean) => useQuery({ ...aQueryOptions(), enabled: on });\n';

  it('passes an api file of the one shape and a page that composes', () => {
    const dir = tree({
      'features/a/api/get-a.ts': api,
      'features/a/api/buy-a.ts':
        'onSuccess: () => queryClient.invalidateQueries({ queryKey: aQueryOptions().queryKey })',
      'pages/a/a-page.tsx': 'export default function APage() { return <A />; }',
      'lib/api-client.ts': 'await fetch(url);',
    });
    expect(findDataBreaches(dir)).toEqual([]);
  });

  it('catches hand-typed keys, stray fetches, bare hooks and sections in pages/', () => {
    const dir = tree({
      'features/a/api/buy-a.ts':
        'for (const key of URLS) void queryClient.invalidateQueries({ queryKey: [key] });\n' +
        'export const useA = () => useQuery({ queryKey: [A], queryFn: f });\n',
      'features/a/components/a-card.tsx':
        "queryClient.setQueryData<{ a: A[] }>(['/api/a'], f);\nconst q = useQuery({ queryKey: [x] });",
      'components/thing.tsx': "await fetch('/api/a');",
      'pages/a/a-section.tsx': 'export const ASection = () => null;',
    });
    expect(findDataBreaches(dir)).toEqual([
      'components/thing.tsx: calls fetch outside lib/ and features/*/api',
      'features/a/api/buy-a.ts: has a hook not built on its …QueryOptions',
      'features/a/api/buy-a.ts: reaches a query by a hand-typed key (use its …QueryOptions)',
      'features/a/components/a-card.tsx: reaches a query by a hand-typed key (use its …QueryOptions)',
      'features/a/components/a-card.tsx: writes a query key outside features/*/api',
      'pages/a/a-section.tsx: is a page section (move it to features/<page>/components)',
    ]);
  });
});
