import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import {
  CURRENT_USER_KEY,
  type CurrentUser,
  fetchCurrentUser,
  loginUrl,
  postLinkWallet,
  postLogout,
} from './api/auth-api';

export interface AuthContextValue {
  user: CurrentUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  error: Error | null;
  /** Leaves the SPA for the server's sign-in with X; comes back to the current page. */
  login: () => void;
  /** Rejects with 'Logout failed'; on success clears cached data and goes to '/'. */
  logout: () => Promise<void>;
  /** Rejects with the server's error text (or 'Failed to link wallet'); refetches the user. */
  linkWallet: (payload: { walletAddress: string }) => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Spec §4: the current user is fresh for 5 minutes and never retried. */
export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const userQuery = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    retry: false,
    staleTime: CURRENT_USER_STALE_MS,
  });

  const logoutMutation = useMutation({
    mutationFn: postLogout,
    onSuccess: () => {
      queryClient.clear();
      // A full load, so no screen keeps state from the signed-in session.
      window.location.assign('/');
    },
  });

  const linkWalletMutation = useMutation({
    mutationFn: postLinkWallet,
    onSuccess: () => userQuery.refetch(),
  });

  const { data, isLoading, error, refetch } = userQuery;
  const { mutateAsync: logoutAsync } = logoutMutation;
  const { mutateAsync: linkWalletAsync } = linkWalletMutation;

  const value = useMemo<AuthContextValue>(
    () => ({
      user: data ?? null,
      isLoading,
      isAuthenticated: Boolean(data),
      error,
      login: () => {
        window.location.assign(loginUrl(window.location.pathname, window.location.search));
      },
      logout: () => logoutAsync(),
      linkWallet: (payload) => linkWalletAsync(payload),
      refetch,
    }),
    [data, isLoading, error, refetch, logoutAsync, linkWalletAsync],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
