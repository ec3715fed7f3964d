import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_EXCEPTIONS,
  findContractBreaches,
} from '../../scripts/architecture/web-contracts.ts';

const SRC = path.resolve(import.meta.dirname, '../../src');
const HINT =
  'The web app reads our API through shared contracts (decision 0024): put the call in ' +
  'features/<name>/api/, parse with the zod schema of src/shared/<area>/contract.ts (the route ' +
  'builds the same type), never cast a body.';

/** A throwaway src/ tree: { 'web/features/a/api/get-a.ts': "…" }. */
function tree(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contracts-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('web API calls on src/', () => {
  it('all go through a shared contract', () => {
    expect(findContractBreaches(SRC), HINT).toEqual([]);
  });

  it('lists no exception for a file that is gone', () => {
    const gone = Object.keys(CONTRACT_EXCEPTIONS).filter((f) => !fs.existsSync(path.join(SRC, f)));
    expect(gone).toEqual([]);
  });
});

describe('the check bites', () => {
  const contract = "import { z } from 'zod';\nexport const aSchema = z.object({ a: z.string() });";
  const parsed =
    "import { aSchema } from '@/shared/a/contract';\n" +
    'export const getA = async () => aSchema.parse(await (await fetch("/api/a")).json());';

  it('passes a call in an api/ file that parses with a shared schema', () => {
    const dir = tree({ 'shared/a/contract.ts': contract, 'web/features/a/api/get-a.ts': parsed });
    expect(findContractBreaches(dir)).toEqual([]);
  });

  it('catches a cast, a hand-typed query, a call outside api/ and a missing contract', () => {
    const dir = tree({
      'shared/a/contract.ts': contract,
      'shared/plain.ts': 'export const n = 1;',
      'web/features/a/api/cast.ts':
        "import { n } from '@/shared/plain';\n" +
        'export const getA = async () => (await (await fetch("/api/a")).json()) as { a: string };',
      'web/pages/a-page.tsx':
        'const q = useQuery<{ a: string }>({ queryKey: ["/api/a"] });\nfetch("/api/a");',
      'web/features/a/api/no-fn.ts':
        "import { aSchema } from '@/shared/a/contract';\n" +
        "export const useA = () => useQuery({ queryKey: ['/api/a'], staleTime: 1 });",
    });
    expect(findContractBreaches(dir)).toEqual([
      {
        file: 'web/features/a/api/cast.ts',
        rule: 'casts a response body (parse it with its contract)',
      },
      { file: 'web/features/a/api/cast.ts', rule: 'imports no response contract from src/shared' },
      { file: 'web/features/a/api/no-fn.ts', rule: 'has a query without a queryFn' },
      {
        file: 'web/pages/a-page.tsx',
        rule: 'names a query’s data type by hand (give it a queryFn)',
      },
      { file: 'web/pages/a-page.tsx', rule: 'has a query without a queryFn' },
      { file: 'web/pages/a-page.tsx', rule: 'calls the API outside a features/<name>/api/ file' },
    ]);
  });
});
