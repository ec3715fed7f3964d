import { Loader2, ShieldCheck, ShieldOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatLongDateTime } from '@/shared/format';
import { SectionCard } from '@/web/components/ui/section-card';
import type { AuthorizationStatus } from '../api/get-authorization-status';

const BADGES: Record<string, { label: string; className: string }> = {
  authorized: { label: 'Authorized', className: 'bg-emerald-500/15 text-emerald-300' },
  needs_reauthorization: {
    label: 'Sign in again needed',
    className: 'bg-amber-500/15 text-amber-300',
  },
  not_authorized: { label: 'Not authorized', className: 'bg-slate-700/60 text-slate-200' },
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className="text-sm font-medium text-slate-100 sm:text-right">{children}</dd>
    </div>
  );
}

/**
 * `isAuthorized`, scopes, expiresAt, lastUsedAt and the allowed projects, with the
 * Authorize and Revoke buttons (`actions`). `status` is undefined while it loads.
 */
export function AuthorizationStatusCard({
  status,
  actions,
}: {
  status: AuthorizationStatus | undefined;
  actions: ReactNode;
}) {
  const badge = status ? (BADGES[status.state] ?? BADGES.not_authorized!) : null;
  return (
    <SectionCard
      title="Authorization Status"
      icon={status?.isAuthorized ? ShieldCheck : ShieldOff}
      action={
        badge && (
          <span
            data-testid="authorization-state"
            className={`rounded-full px-2.5 py-1 text-xs font-semibold ${badge.className}`}
          >
            {badge.label}
          </span>
        )
      }
    >
      {!status ? (
        <p className="flex items-center gap-2 text-sm text-slate-400">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Loading status...
        </p>
      ) : (
        <>
          {status.state === 'needs_reauthorization' && (
            <p className="rounded-md bg-amber-500/10 px-3 py-2 text-sm text-amber-100">
              X no longer accepts the stored tokens. Log out, sign in with X again, then authorize.
            </p>
          )}
          <dl className="flex flex-col gap-3">
            <Row label="Authorized">{status.isAuthorized ? 'Yes' : 'No'}</Row>
            <Row label="Scopes">
              {status.scopes.length ? (
                <span className="font-mono text-xs">{status.scopes.join(' ')}</span>
              ) : (
                'None'
              )}
            </Row>
            <Row label="Access token expires">{formatLongDateTime(status.expiresAt) ?? '-'}</Row>
            <Row label="Last used">{formatLongDateTime(status.lastUsedAt) ?? 'Never'}</Row>
            <Row label="Allowed projects">
              {status.allowedProjects.length
                ? status.allowedProjects.map((p) => p.name).join(', ')
                : 'None'}
            </Row>
          </dl>
        </>
      )}
      <div className="mt-auto flex flex-wrap gap-3 border-t border-slate-800 pt-4">{actions}</div>
    </SectionCard>
  );
}
