import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/web/app/query-client';
import { AuthProvider, useAuth } from './auth-context';

function Probe() {
  const { user, isLoading, isAuthenticated } = useAuth();
  return <p>{`${String(user)} ${isLoading} ${isAuthenticated}`}</p>;
}

describe('useAuth', () => {
  it('throws outside an AuthProvider', () => {
    expect(() => renderToString(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });

  it('starts loading and signed out inside the provider', () => {
    const html = renderToString(
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(html).toContain('null true false');
  });
});
