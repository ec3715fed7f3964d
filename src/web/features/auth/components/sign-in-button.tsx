import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { XLogo } from '@/web/components/ui/x-logo';
import { cn } from '@/web/lib/cn';
import { useAuth } from '../auth-context';

/**
 * Outline 'Sign in with X'; after a click it shows a spinner and 'Redirecting...' until
 * the page leaves, and it is disabled while auth loads or the redirect is under way.
 */
export function SignInButton({ className }: { className?: string }) {
  const { login, isLoading } = useAuth();
  const [redirecting, setRedirecting] = useState(false);

  // Coming back with the Back button restores this page from the bfcache: be clickable again.
  useEffect(() => {
    const onPageShow = (e: PageTransitionEvent) => e.persisted && setRedirecting(false);
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  return (
    <Button
      variant="outline"
      size="sm"
      className={cn('min-w-36', className)}
      disabled={isLoading || redirecting}
      aria-busy={redirecting || undefined}
      onClick={() => {
        setRedirecting(true);
        login();
      }}
    >
      {redirecting ? (
        <>
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Redirecting...
        </>
      ) : (
        <>
          <XLogo className="size-3.5" />
          Sign in with X
        </>
      )}
    </Button>
  );
}
