import { Loader2, ShieldCheck, ShieldOff } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { useAuthorizeExternal } from '../api/authorize-external';
import type { ActionOutcome } from '../api/external-action';
import type { AuthorizationStatus } from '../api/get-authorization-status';
import { useRevokeExternal } from '../api/revoke-external';

/** Revoking asks first, with exactly this text. */
export const REVOKE_CONFIRM_TEXT =
  'Are you sure you want to revoke authorization? External projects will no longer be able to post on your behalf.';

/** Authorize and Revoke, each saying 'Authorizing...' / 'Revoking...' while under way. */
export function AuthorizationActions({
  status,
  onStart,
  onOutcome,
}: {
  status: AuthorizationStatus | undefined;
  onStart: () => void;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const authorize = useAuthorizeExternal();
  const revoke = useRevokeExternal();
  const busy = authorize.isPending || revoke.isPending;

  const run = async (action: () => Promise<ActionOutcome>) => {
    onStart();
    onOutcome(await action());
  };

  return (
    <>
      <Button
        disabled={!status || status.isAuthorized || busy}
        aria-busy={authorize.isPending || undefined}
        onClick={() => void run(() => authorize.mutateAsync())}
      >
        {authorize.isPending ? (
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <ShieldCheck className="size-4" aria-hidden="true" />
        )}
        {authorize.isPending ? 'Authorizing...' : 'Authorize'}
      </Button>
      <Button
        variant="outline"
        disabled={!status || status.state === 'not_authorized' || busy}
        aria-busy={revoke.isPending || undefined}
        onClick={() => {
          if (window.confirm(REVOKE_CONFIRM_TEXT)) void run(() => revoke.mutateAsync());
        }}
      >
        {revoke.isPending ? (
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <ShieldOff className="size-4" aria-hidden="true" />
        )}
        {revoke.isPending ? 'Revoking...' : 'Revoke'}
      </Button>
    </>
  );
}
