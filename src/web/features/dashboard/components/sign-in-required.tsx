import { Home, Loader2, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import type { CurrentUser } from '@/web/features/auth/api/auth-api';
import { useAuth } from '@/web/features/auth/auth-context';
import { SignInButton } from '@/web/features/auth/components/sign-in-button';

/**
 * Pages for signed-in users: a spinner while the session is checked, then the page,
 * or `message` with a way to sign in and a 'Go Home' link.
 */
export function SignInRequired({
  message,
  children,
}: {
  message: string;
  children: (user: CurrentUser) => ReactNode;
}) {
  const { isLoading, user } = useAuth();
  if (isLoading) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-24 text-slate-400">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        Loading...
      </p>
    );
  }
  if (user) return children(user);
  return (
    <div className="mx-auto max-w-lg px-4 py-24">
      <Card className="flex flex-col items-center gap-5 text-center">
        <LogIn className="size-10 text-brand" aria-hidden="true" />
        <h1 className="text-xl font-semibold text-slate-50">{message}</h1>
        <div className="flex flex-wrap justify-center gap-3">
          <SignInButton />
          <Button asChild variant="ghost" size="sm">
            <Link href="/">
              <Home className="size-4" aria-hidden="true" />
              Go Home
            </Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}
