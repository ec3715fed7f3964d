import { useState } from 'react';
import { PageReveal } from '@/web/components/layout/page-reveal';
import type { CurrentUser } from '@/web/features/auth/api/auth-api';
import { AUTHORIZED_TEXT } from '@/web/features/authorize-twitter/api/authorize-external';
import type { ActionOutcome } from '@/web/features/authorize-twitter/api/external-action';
import { useAuthorizationStatus } from '@/web/features/authorize-twitter/api/get-authorization-status';
import { ActionBanner } from '@/web/features/authorize-twitter/components/action-banner';
import { AllowedProjectsCard } from '@/web/features/authorize-twitter/components/allowed-projects-card';
import { AuthorizationActions } from '@/web/features/authorize-twitter/components/authorization-actions';
import { AuthorizationStatusCard } from '@/web/features/authorize-twitter/components/authorization-status-card';
import { HowItWorksCard } from '@/web/features/authorize-twitter/components/how-it-works-card';
import { PostLogCard } from '@/web/features/authorize-twitter/components/post-log-card';
import { SignInRequired } from '@/web/features/dashboard/components/sign-in-required';

/** /authorize-twitter: let outside projects post on X for the signed-in user. */
export default function AuthorizeTwitterPage() {
  return (
    <SignInRequired message="Please log in to manage authorizations">
      {(user) => <AuthorizeTwitter user={user} />}
    </SignInRequired>
  );
}

function AuthorizeTwitter({ user }: { user: CurrentUser }) {
  const status = useAuthorizationStatus();
  // Back from X's consent for posting (the API's callback redirects here with ?authorized=1).
  const [outcome, setOutcome] = useState<ActionOutcome | null>(() =>
    typeof window !== 'undefined' &&
    new URLSearchParams(window.location.search).get('authorized') === '1'
      ? { ok: true, message: AUTHORIZED_TEXT }
      : null,
  );
  return (
    <PageReveal className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-50">
          External project authorization
        </h1>
        <p className="mt-2 text-slate-300">
          Posting as <span className="font-semibold text-slate-50">@{user.username}</span>
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          {outcome && <ActionBanner outcome={outcome} />}
          <AuthorizationStatusCard
            status={status.data}
            actions={
              <AuthorizationActions
                status={status.data}
                onStart={() => setOutcome(null)}
                onOutcome={setOutcome}
              />
            }
          />
          <AllowedProjectsCard status={status.data} />
          <PostLogCard username={user.username} />
        </div>
        <HowItWorksCard />
      </div>
    </PageReveal>
  );
}
