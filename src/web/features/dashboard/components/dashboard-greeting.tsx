import { CopyButton } from '@/web/components/copy-button';
import type { CurrentUser } from '@/web/features/auth/api/auth-api';
import { useDashboardVisit } from '@/web/features/dashboard/api/record-visit';
import { publicConfig } from '@/web/lib/public-config';

/**
 * The dashboard's heading. The server decides whether this is the person's first visit
 * (POST /api/activity/visit): then "Your wallet is ready", the address and how to put UP in
 * it; afterwards "Welcome back". Until it answers, a neutral greeting holds the place.
 */
export function DashboardGreeting({
  user,
  address,
}: {
  user: CurrentUser;
  address: string | null | undefined;
}) {
  const visit = useDashboardVisit(user.twitterId);
  if (!visit.data?.firstVisit) {
    return (
      <header>
        <h1 className="break-words text-3xl font-bold tracking-tight text-slate-50">
          {visit.data ? `Welcome back, ${user.displayName}!` : `Hello, ${user.displayName}`}
        </h1>
        <p className="mt-2 text-slate-300">Manage your profile and connected accounts</p>
      </header>
    );
  }
  return (
    <header data-testid="wallet-ready" className="flex flex-col gap-3">
      <h1 className="break-words text-3xl font-bold tracking-tight text-slate-50">
        Your wallet is ready, {user.displayName}
      </h1>
      {address ? (
        <div className="flex max-w-2xl items-start gap-2">
          <p className="min-w-0 flex-1 break-all rounded-md bg-slate-950/60 px-3 py-2 font-mono text-sm text-slate-100">
            {address}
          </p>
          <CopyButton text={address} label="Copy wallet address" />
        </div>
      ) : null}
      <FundingHelp username={user.username} />
    </header>
  );
}

function FundingHelp({ username }: { username: string }) {
  const { agentHandle, sandboxIndexUrl } = publicConfig;
  return (
    <div className="max-w-2xl text-slate-300">
      <p className="font-medium text-slate-100">How to fund it</p>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
        <li>Send UP (and a little DAG) to this address from any Constellation wallet.</li>
        <li>
          Or ask someone who has UP to post “@{agentHandle} send 10 UP to @{username}”: it arrives
          here.
        </li>
        {sandboxIndexUrl ? (
          <li>
            On this local run, the{' '}
            <a className="text-brand hover:underline" href={sandboxIndexUrl}>
              sandbox faucet
            </a>{' '}
            sends test UP.
          </li>
        ) : null}
      </ul>
    </div>
  );
}
