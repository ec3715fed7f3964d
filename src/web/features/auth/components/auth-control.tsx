import { lazy, Suspense } from 'react';
import { useAuth } from '../auth-context';
import { SignInButton } from './sign-in-button';

const UserMenu = lazy(() => import('./user-menu'));

/** Right side of the navigation bar: the user menu when signed in, else 'Sign in with X'. */
export function AuthControl() {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) return <SignInButton />;
  return (
    <Suspense fallback={<span className="size-9 rounded-full bg-slate-800" aria-hidden="true" />}>
      <UserMenu />
    </Suspense>
  );
}
