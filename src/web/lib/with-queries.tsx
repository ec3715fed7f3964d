import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * The query client for the pieces that fetch with TanStack Query. Each lazily loaded page or
 * section that needs it wraps itself in this (same client, one cache), so the library stays out
 * of the landing's first load (≤ 90 KB of JS; decision 0026) until something actually queries.
 */
export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
