import { describe, expect, it } from 'vitest';
import { defaultQueryFn } from '@/web/lib/api-client';
import { createQueryClient } from '@/web/lib/query-client';

describe('createQueryClient', () => {
  it('applies the fixed query defaults and the default query function', () => {
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
