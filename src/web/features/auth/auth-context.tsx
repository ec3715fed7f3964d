import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import {
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
  /** Always null: a failed check is logged and means signed out. */
  error: Error | null;
  /** Leaves the SPA for the server's sign-in with X; comes back to the current page. */
  login: () => void;
  /** Rejects with 'Logout failed'; on success goes to '/' with a full load (no state kept). */
  logout: () => Promise<void>;
  /** Rejects with the server's error text (or 'Failed to link wallet'); refetches the user. */
  linkWallet: (payload: { walletAddress: string }) => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Who is signed in, asked once per page load (fresh for 5 minutes, never retried, and
 * nothing here refetches on its own before then). Plain state rather than a query: every page
 * needs it, and the query library is kept out of the landing's first load (lib/with-queries).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [isLoading, setLoading] = useState(true);

  const refetch = useCallback(async (signal?: AbortSignal) => {
    const next = await fetchCurrentUser(signal);
    if (signal?.aborted) return null;
    setUser(next);
    setLoading(false);
    return next;
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    void refetch(abort.signal);
    return () => abort.abort();
  }, [refetch]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isLoading,
      isAuthenticated: user !== null,
      error: null,
      login: () => {
        window.location.assign(loginUrl(window.location.pathname, window.location.search));
      },
      logout: async () => {
        await postLogout();
        window.location.assign('/');
      },
      linkWallet: async (payload) => {
        const linked = await postLinkWallet(payload);
        await refetch();
        return linked;
      },
      refetch: () => refetch(),
    }),
    [user, isLoading, refetch],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
