import { Card, CardTitle } from '@/web/components/ui/card';
import { ConsoleConversation } from '@/web/features/agent/components/console-conversation';
import { useAuth } from '@/web/features/auth/auth-context';
import { SignInButton } from '@/web/features/auth/components/sign-in-button';
import { publicConfig } from '@/web/lib/public-config';

/** /console: talk to the agent from the web, with the same commands, rules and fees as on X. */
export default function ConsolePage() {
  const { isAuthenticated, isLoading } = useAuth();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-50">Agent console</h1>
        <p className="mt-2 text-slate-300">
          Type what you would post to @{publicConfig.agentHandle}: the same commands, limits and
          fees apply, and every answer has a receipt.
        </p>
      </header>
      {isLoading ? (
        <p className="text-slate-400">Loading…</p>
      ) : isAuthenticated ? (
        <ConsoleConversation />
      ) : (
        <Card className="flex flex-col items-start gap-3">
          <CardTitle>Please log in to use the console</CardTitle>
          <SignInButton />
        </Card>
      )}
    </div>
  );
}
