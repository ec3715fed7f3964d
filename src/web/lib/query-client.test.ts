import { describe, expect, it } from 'vitest';
import { defaultQueryFn } from '@/web/lib/api-client';
import { createQueryClient } from '@/web/lib/query-client';

describe('createQueryClient', () => {
  it('applies the spec §9 defaults and the §7 query function', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      queryFn: defaultQueryFn,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    });
    expect(mutations?.retry).toBe(false);
  });
});
