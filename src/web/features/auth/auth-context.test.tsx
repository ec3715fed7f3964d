import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
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
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(html).toContain('null true false');
  });
});
